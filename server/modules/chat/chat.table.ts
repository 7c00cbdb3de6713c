import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

// Mirrors server/db/migrations/0300_airdrops.sql (the SQL files are the source of truth for the schema).
export const chatSessions = pgTable('chat_sessions', {
  id: uuid('id').primaryKey(),
  intentId: bigint('intent_id', { mode: 'number' }).notNull().unique(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  investorId: bigint('investor_id', { mode: 'number' }).notNull(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const chatMessages = pgTable('chat_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sessionId: uuid('session_id').notNull(),
  senderId: bigint('sender_id', { mode: 'number' }).notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const chatDocuments = pgTable('chat_documents', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sessionId: uuid('session_id').notNull(),
  uploaderId: bigint('uploader_id', { mode: 'number' }).notNull(),
  storedName: text('stored_name').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
})

export type ChatSessionRow = typeof chatSessions.$inferSelect
export type NewChatSession = typeof chatSessions.$inferInsert
export type ChatDocumentRow = typeof chatDocuments.$inferSelect
