import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { findOne } from '../../db/find-one'
import { type UserRow, users } from './users.table'

export const findUserByWallet = (db: Db, walletAddress: string): Promise<UserRow | undefined> =>
  findOne(db, users, eq(users.walletAddress, walletAddress))

export const findUserById = (db: Db, id: number): Promise<UserRow | undefined> =>
  findOne(db, users, eq(users.id, id))

/** Inserts the user; undefined when the wallet is already registered. */
export function insertUser(db: Db, walletAddress: string, email: string): Promise<UserRow | undefined> {
  return db
    .insert(users)
    .values({ walletAddress, email })
    .onConflictDoNothing({ target: users.walletAddress })
    .returning()
    .then((rows) => rows[0])
}
