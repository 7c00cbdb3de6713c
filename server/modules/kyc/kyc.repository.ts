import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type OffsetSlice, offsetPage } from '../../db/offset-page'
import { users } from '../users/users.table'
import { type KycRow, kycSubmissions, type NewKyc } from './kyc.table'

/** Inserts the submission unless the user already has a live one (pending or approved): then undefined. */
export async function insertKycIfNoLive(db: Db, values: NewKyc): Promise<KycRow | undefined> {
  const rows = await db.insert(kycSubmissions).values(values).onConflictDoNothing().returning()
  return rows[0]
}

/** The user's latest submission (the one that decides their status). */
export async function latestKyc(db: Db, userId: number): Promise<KycRow | undefined> {
  const rows = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1)
  return rows[0]
}

export async function findKyc(db: Db, id: number): Promise<KycRow | undefined> {
  const rows = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1)
  return rows[0]
}

export function pendingKyc(db: Db, at: OffsetSlice) {
  const where = eq(kycSubmissions.status, 'pending')
  const query = db
    .select({ kyc: kycSubmissions, walletAddress: users.walletAddress, email: users.email })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(where)
    .orderBy(asc(kycSubmissions.submittedAt), asc(kycSubmissions.id))
  return offsetPage(db, query, { table: kycSubmissions, where }, at)
}

/** Full names of the users' approved submissions. */
export async function approvedNames(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: kycSubmissions.userId, fullName: kycSubmissions.fullName })
    .from(kycSubmissions)
    .where(and(inArray(kycSubmissions.userId, userIds), eq(kycSubmissions.status, 'approved')))
  return new Map(rows.map((r) => [r.userId, r.fullName]))
}
