import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  getTableColumns,
  gt,
  isNull,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm'
import type { BadgeKind } from '../../../api-contract/badges'
import type { Db } from '../../db/client'
import { badges } from '../badges/badges.table'
import { payments } from '../payments/payments.table'
import { emergencies } from '../emergencies/emergencies.table'
import { type DonationRow, donations, type NewDonation } from './donations.table'

export interface DonationWithTitle extends DonationRow {
  emergencyTitle: string
}

const lamportsText = (column: SQL) => sql<string>`(${column})::text`
// The reading lists live in donation-lists.repository.ts.
export const withTitle = { donation: donations, emergencyTitle: emergencies.title }
export const toRow = (r: { donation: DonationRow; emergencyTitle: string }): DonationWithTitle => ({
  ...r.donation,
  emergencyTitle: r.emergencyTitle,
})
const newestFirst = desc(donations.id)

/**
 * Inserts the donation and adds it to its emergency's totals in one statement: from the donation's insert on, the
 * emergency's row stays locked until the commit (the credit's update, and the positions trigger), so every round
 * trip after it lengthens the wait of concurrent donations to that emergency. The update takes the row's lock
 * (FOR NO KEY UPDATE) before the triggers that run at the statement's end, in the order migration 1200 explains.
 * @returns the donation, and the emergency's totals after it (undefined when there is no such emergency)
 */
export async function insertDonationCrediting(db: Db, values: NewDonation) {
  const credited = db.$with('credited').as(
    db
      .update(emergencies)
      .set({
        totalDonated: sql`${emergencies.totalDonated} + ${values.amount}`,
        donationCount: sql`${emergencies.donationCount} + 1`,
      })
      .where(eq(emergencies.id, values.emergencyId))
      .returning({
        totalDonated: emergencies.totalDonated,
        solGoal: emergencies.solGoal,
        ownerId: emergencies.ownerId,
      }),
  )
  const fromCredited = (column: SQLWrapper) => sql`(select ${column} from ${credited})`
  const [row] = await db
    .with(credited)
    .insert(donations)
    .values(values)
    .returning({
      ...getTableColumns(donations),
      totalDonated: lamportsText(fromCredited(credited.totalDonated)),
      solGoal: lamportsText(fromCredited(credited.solGoal)),
      ownerId: sql<number | null>`${fromCredited(credited.ownerId)}`.mapWith(Number),
    })
  const { totalDonated, solGoal, ownerId, ...donation } = row!
  const totals =
    totalDonated === null || ownerId === null
      ? undefined
      : { totalDonated: BigInt(totalDonated), solGoal: BigInt(solGoal), ownerId }
  return { donation: donation as DonationRow, totals }
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

/**
 * What the donor will have given once a donation of `next.lamports` to `next.emergencyId` is recorded, and the
 * badges they already hold (one round trip for both). Read before that donation's insert, inside the same
 * transaction: the insert locks the emergency's row until the commit (insertDonationCrediting), and every statement
 * run after it lengthens the wait of concurrent donations to it.
 */
export async function donorTotalsWith(
  db: Db,
  donorId: number,
  next: { emergencyId: number; lamports: bigint },
) {
  const [row] = await db
    .select({
      donations: count(),
      emergencies: countDistinct(donations.emergencyId),
      lamports: lamportsText(sql`coalesce(sum(${donations.amount}), 0)`),
      toThisEmergency: sql<number>`count(*) filter (where ${donations.emergencyId} = ${next.emergencyId})`,
      held: sql<BadgeKind[]>`array(select ${badges.kind} from ${badges} where ${badges.userId} = ${donorId})`,
    })
    .from(donations)
    .where(eq(donations.donorId, donorId))
  return {
    donations: Number(row?.donations ?? 0) + 1,
    emergencies: Number(row?.emergencies ?? 0) + (Number(row?.toThisEmergency ?? 0) === 0 ? 1 : 0),
    lamports: BigInt(row?.lamports ?? '0') + next.lamports,
    held: row?.held ?? [],
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

export async function latestTips(db: Db, donorId: number, limit: number): Promise<DonationWithTitle[]> {
  const rows = await db
    .select(withTitle)
    .from(donations)
    .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))
    .where(and(eq(donations.donorId, donorId), gt(donations.tipAmount, 0n)))
    .orderBy(newestFirst)
    .limit(limit)
  return rows.map(toRow)
}
