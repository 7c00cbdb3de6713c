import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type UserRow, users } from './users.table'

export function findUserByWallet(db: Db, walletAddress: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.walletAddress, walletAddress))
    .then((rows) => rows[0])
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((rows) => rows[0])
}

/** Inserts the user; undefined when the wallet is already registered. */
export function insertUser(db: Db, walletAddress: string, email: string): Promise<UserRow | undefined> {
  return db
    .insert(users)
    .values({ walletAddress, email })
    .onConflictDoNothing({ target: users.walletAddress })
    .returning()
    .then((rows) => rows[0])
}
