import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { findOne } from '../../db/find-one'
import { type NonceRow, signInNonces } from './sign-in.table'

export async function insertNonce(db: Db, row: Omit<NonceRow, 'usedAt'>): Promise<void> {
  await db.insert(signInNonces).values(row)
}

export const findNonce = (db: Db, nonce: string): Promise<NonceRow | undefined> =>
  findOne(db, signInNonces, eq(signInNonces.nonce, nonce))

/** Marks the nonce used if it is still unused and unexpired; true for exactly one caller. */
export async function consumeNonce(db: Db, nonce: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInNonces)
    .set({ usedAt: now })
    .where(and(eq(signInNonces.nonce, nonce), isNull(signInNonces.usedAt), gt(signInNonces.expiresAt, now)))
    .returning({ nonce: signInNonces.nonce })
  return rows.length === 1
}

export async function deleteNoncesExpiredBefore(db: Db, before: Date): Promise<void> {
  await db.delete(signInNonces).where(lt(signInNonces.expiresAt, before))
}
