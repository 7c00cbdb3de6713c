import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { findOne } from '../../db/find-one'
import { users } from '../users/users.table'
import {
  chatDocuments,
  type ChatDocumentRow,
  chatMessages,
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
