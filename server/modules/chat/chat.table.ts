import { bigint, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/0300_airdrops.sql and 2400_chat_reads.sql (the SQL files are the source of truth for the schema).
export const chatSessions = pgTable('chat_sessions', {
  id: uuid('id').primaryKey(),
  intentId: rowId('intent_id').unique(),
  campaignId: rowId('campaign_id'),
  investorId: rowId('investor_id'),
  ownerId: rowId('owner_id'),
  createdAt: stampedNow('created_at'),
})

export const chatMessages = pgTable('chat_messages', {
  id: identity(),
  sessionId: uuid('session_id').notNull(),
  senderId: rowId('sender_id'),
  message: text('message').notNull(),
  createdAt: stampedNow('created_at'),
})

export const chatDocuments = pgTable('chat_documents', {
  id: identity(),
  sessionId: uuid('session_id').notNull(),
  uploaderId: rowId('uploader_id'),
  storedName: text('stored_name').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedAt: stampedNow('uploaded_at'),
})

/** How far a participant has read a chat: the newest message id they have seen. */
export const chatReads = pgTable(
  'chat_reads',
  {
    sessionId: uuid('session_id').notNull(),
    userId: rowId('user_id'),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sessionId] })],
)

export type ChatSessionRow = typeof chatSessions.$inferSelect
export type NewChatSession = typeof chatSessions.$inferInsert
export type ChatDocumentRow = typeof chatDocuments.$inferSelect
