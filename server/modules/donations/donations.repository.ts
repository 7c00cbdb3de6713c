import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  ilike,
  isNull,
  like,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payments } from '../payments/payments.table'
import { emergencies } from '../emergencies/emergencies.table'
import { type DonationRow, donations, type NewDonation } from './donations.table'

export interface DonationWithTitle extends DonationRow {
  emergencyTitle: string
}

export interface Slice {
  limit: number
  offset: number
}

const lamportsText = (column: SQL) => sql<string>`(${column})::text`
const withTitle = { donation: donations, emergencyTitle: emergencies.title }
const toRow = (r: { donation: DonationRow; emergencyTitle: string }): DonationWithTitle => ({
  ...r.donation,
  emergencyTitle: r.emergencyTitle,
})
// keyset-friendly order, served by the (…, created_at desc, id desc) indexes
const newestFirst = [desc(donations.createdAt), desc(donations.id)]

export async function insertDonation(db: Db, values: NewDonation): Promise<DonationRow> {
  const rows = await db.insert(donations).values(values).returning()
  return rows[0]!
}

/** Gives a wallet's donations without a user (and their payments) to the user who registered that wallet. */
export async function adoptDonations(db: Db, userId: number, walletAddress: string): Promise<void> {
  await db
    .update(donations)
    .set({ donorId: userId })
    .where(and(isNull(donations.donorId), eq(donations.donorWallet, walletAddress)))
  await db
    .update(payments)
    .set({ userId })
    .where(and(isNull(payments.userId), eq(payments.payerWallet, walletAddress)))
}

/** What the donor has given so far (inside the recording transaction: includes the new donation). */
export async function donorTotals(db: Db, donorId: number) {
  const [row] = await db
    .select({
      donations: count(),
      emergencies: countDistinct(donations.emergencyId),
      lamports: lamportsText(sql`coalesce(sum(${donations.amount}), 0)`),
    })
    .from(donations)
    .where(eq(donations.donorId, donorId))
  return {
    donations: Number(row?.donations ?? 0),
    emergencies: Number(row?.emergencies ?? 0),
    lamports: BigInt(row?.lamports ?? '0'),
  }
}

export async function donorSums(db: Db, donorId: number) {
  const [row] = await db
    .select({
      donated: lamportsText(sql`coalesce(sum(${donations.amount}), 0)`),
      tips: lamportsText(sql`coalesce(sum(${donations.tipAmount}), 0)`),
    })
    .from(donations)
    .where(eq(donations.donorId, donorId))
  return { donated: BigInt(row?.donated ?? '0'), tips: BigInt(row?.tips ?? '0') }
}

export async function platformTips(db: Db): Promise<bigint> {
  const [row] = await db
    .select({ tips: lamportsText(sql`coalesce(sum(${donations.tipAmount}), 0)`) })
    .from(donations)
  return BigInt(row?.tips ?? '0')
}

async function page(db: Db, where: SQL | undefined, slice: Slice) {
  const [rows, total] = await Promise.all([
    db
      .select(withTitle)
      .from(donations)
      .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(slice.limit)
      .offset(slice.offset),
    db
      .select({ n: count() })
      .from(donations)
      .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))
      .where(where),
  ])
  return { rows: rows.map(toRow), count: total[0]?.n ?? 0 }
}

export interface FeedSearch {
  /** case-insensitive substring of the emergency's title */
  title: string
  /** exact amount, when the text reads as SOL */
  lamports?: bigint
  /** prefix of the signature, when the text is base58 */
  txHashPrefix?: string
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The public feed: every donation except those to confirmed scams (deleted emergencies' donations stay). */
export function publicFeed(db: Db, search: FeedSearch | undefined, slice: Slice) {
  const visible = ne(emergencies.reviewStatus, 'confirmed_scam')
  if (!search) return page(db, visible, slice)
  const matches: SQL[] = [ilike(emergencies.title, contains(search.title))]
  if (search.lamports !== undefined) matches.push(eq(donations.amount, search.lamports))
  if (search.txHashPrefix) matches.push(like(donations.txHash, `${search.txHashPrefix}%`))
  return page(db, and(visible, or(...matches)), slice)
}

export function donationsToEmergency(db: Db, emergencyId: number, slice: Slice) {
  return page(db, eq(donations.emergencyId, emergencyId), slice)
}

export function donationsByDonor(db: Db, donorId: number, slice: Slice) {
  return page(db, eq(donations.donorId, donorId), slice)
}

export async function latestTips(db: Db, donorId: number, limit: number): Promise<DonationWithTitle[]> {
  const rows = await db
    .select(withTitle)
    .from(donations)
    .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))
    .where(and(eq(donations.donorId, donorId), gt(donations.tipAmount, 0n)))
    .orderBy(...newestFirst)
    .limit(limit)
  return rows.map(toRow)
}
