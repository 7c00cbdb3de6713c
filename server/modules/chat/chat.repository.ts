import { and, asc, count, desc, eq, gt, max, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { findOne } from '../../db/find-one'
import { users } from '../users/users.table'
import {
  chatDocuments,
  type ChatDocumentRow,
  chatMessages,
  chatReads,
  chatSessions,
  type NewChatSession,
} from './chat.table'

export async function insertSession(db: Db, values: NewChatSession): Promise<void> {
  await db.insert(chatSessions).values(values)
}

export async function findSession(db: Db, id: string) {
  const rows = await db.select().from(chatSessions).where(eq(chatSessions.id, id)).limit(1)
  return rows[0]
}

const messageView = {
  id: chatMessages.id,
  senderId: chatMessages.senderId,
  senderEmail: users.email,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
}

export async function messagesAfter(db: Db, sessionId: string, after: number, limit: number) {
  return db
    .select(messageView)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.sessionId, sessionId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(limit)
}

export async function insertMessage(db: Db, values: typeof chatMessages.$inferInsert) {
  const rows = await db.insert(chatMessages).values(values).returning()
  return rows[0]!
}

export async function insertDocument(
  db: Db,
  values: typeof chatDocuments.$inferInsert,
): Promise<ChatDocumentRow> {
  const rows = await db.insert(chatDocuments).values(values).returning()
  return rows[0]!
}

export async function documentsOf(db: Db, sessionId: string): Promise<ChatDocumentRow[]> {
  return db
    .select()
    .from(chatDocuments)
    .where(eq(chatDocuments.sessionId, sessionId))
    .orderBy(asc(chatDocuments.id))
}

export const findDocument = (db: Db, sessionId: string, id: number): Promise<ChatDocumentRow | undefined> =>
  findOne(db, chatDocuments, and(eq(chatDocuments.sessionId, sessionId), eq(chatDocuments.id, id)))

/**
 * Moves the reader's marker up to the session's newest message at or before `upTo` (an id from another chat, or
 * one not sent yet, marks nothing beyond what exists); it never moves back.
 */
export async function markRead(db: Db, sessionId: string, userId: number, upTo: number): Promise<void> {
  await db.execute(sql`insert into chat_reads (session_id, user_id, last_read_id)
    select ${sessionId}::uuid, ${userId}, coalesce(max(id), 0) from chat_messages
      where session_id = ${sessionId}::uuid and id <= ${upTo}
    on conflict (user_id, session_id)
      do update set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id)`)
}

/** The user's chats with messages from the other party after their marker, and how many; the newest
 * unread message's chat first. */
export async function unreadBySession(db: Db, userId: number) {
  return db
    .select({ sessionId: chatSessions.id, ownerId: chatSessions.ownerId, unread: count(chatMessages.id) })
    .from(chatSessions)
    .leftJoin(chatReads, and(eq(chatReads.sessionId, chatSessions.id), eq(chatReads.userId, userId)))
    .innerJoin(
      chatMessages,
      and(
        eq(chatMessages.sessionId, chatSessions.id),
        gt(chatMessages.id, sql`coalesce(${chatReads.lastReadId}, 0)`),
        ne(chatMessages.senderId, userId),
      ),
    )
    .where(or(eq(chatSessions.investorId, userId), eq(chatSessions.ownerId, userId)))
    .groupBy(chatSessions.id)
    .orderBy(desc(max(chatMessages.id)))
}
