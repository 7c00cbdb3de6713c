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
import type { Currency } from '../../../api-contract/common'
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

/** What the donor had given before a donation, and the badges they hold, read by the donation's own statement. */
function donorBefore(db: Db, donorId: number, emergencyId: number) {
  return db.$with('donor').as(
    db
      .select({
        donations: count().as('donor_donations'),
        emergencies: countDistinct(donations.emergencyId).as('donor_emergencies'),
        lamports: lamportsText(
          sql`coalesce(sum(${donations.amount}) filter (where ${donations.currency} = 'SOL'), 0)`,
        ).as('donor_lamports'),
        usdc: lamportsText(
          sql`coalesce(sum(${donations.amount}) filter (where ${donations.currency} = 'USDC'), 0)`,
        ).as('donor_usdc'),
        toThisEmergency: sql<number>`count(*) filter (where ${donations.emergencyId} = ${emergencyId})`.as(
          'to_this_emergency',
        ),
        held: sql<
          BadgeKind[]
        >`array(select ${badges.kind} from ${badges} where ${badges.userId} = ${donorId})`.as('held'),
      })
      .from(donations)
      .where(eq(donations.donorId, donorId)),
  )
}

/**
 * Inserts the donation and adds it to its emergency's totals in one statement, which also reads what the donor had
 * given before it (its snapshot is taken before the insert) and the badges they hold: from the donation's insert
 * on, the emergency's row stays locked until the commit (the credit's update, and the positions trigger), so every
 * round trip after it lengthens the wait of concurrent donations to that emergency, and each one before it the
 * donation's own time. The update takes the row's lock (FOR NO KEY UPDATE) before the triggers that run at the
 * statement's end, in the order migration 1200 explains.
 * @returns the donation; the emergency's totals after it (undefined when there is no such emergency); the donor's
 * totals once this donation counts, with the badges held (undefined for a donation without a registered donor)
 */
export async function insertDonationCrediting(db: Db, values: NewDonation & { currency: Currency }) {
  // A USDC donation adds to the emergency's USDC raised, a SOL one to its SOL total; both count as donations.
  const raised =
    values.currency === 'USDC'
      ? { usdcDonated: sql`${emergencies.usdcDonated} + ${values.amount}` }
      : { totalDonated: sql`${emergencies.totalDonated} + ${values.amount}` }
  const credited = db.$with('credited').as(
    db
      .update(emergencies)
      .set({ ...raised, donationCount: sql`${emergencies.donationCount} + 1` })
      .where(eq(emergencies.id, values.emergencyId))
      .returning({
        totalDonated: emergencies.totalDonated,
        solGoal: emergencies.solGoal,
        ownerId: emergencies.ownerId,
      }),
  )
  const donorId = values.donorId ?? null
  const donor = donorId === null ? undefined : donorBefore(db, donorId, values.emergencyId)
  const from = (cte: { _: { alias: string } }, column: SQLWrapper) => sql`(select ${column} from ${cte})`
  const fromDonor = (column: keyof NonNullable<typeof donor>['_']['selectedFields']) =>
    donor ? from(donor, donor[column]) : sql`null`
  const [row] = await db
    .with(...(donor ? [credited, donor] : [credited]))
    .insert(donations)
    .values(values)
    .returning({
      ...getTableColumns(donations),
      totalDonated: lamportsText(from(credited, credited.totalDonated)),
      solGoal: lamportsText(from(credited, credited.solGoal)),
      ownerId: sql<number | null>`${from(credited, credited.ownerId)}`.mapWith(Number),
      donorDonations: sql<number | null>`${fromDonor('donations')}`.mapWith(Number),
      donorEmergencies: sql<number | null>`${fromDonor('emergencies')}`.mapWith(Number),
      donorLamports: sql<string | null>`${fromDonor('lamports')}`,
      donorUsdc: sql<string | null>`${fromDonor('usdc')}`,
      donorToThisEmergency: sql<number | null>`${fromDonor('toThisEmergency')}`.mapWith(Number),
      donorHeld: sql<BadgeKind[] | null>`${fromDonor('held')}`,
    })
  const {
    totalDonated,
    solGoal,
    ownerId,
    donorDonations,
    donorEmergencies,
    donorLamports,
    donorUsdc,
    donorToThisEmergency,
    donorHeld,
    ...donation
  } = row!
  const totals =
    totalDonated === null || ownerId === null
      ? undefined
      : { totalDonated: BigInt(totalDonated), solGoal: BigInt(solGoal), ownerId }
  const donorTotals =
    donorId === null
      ? undefined
      : {
          donations: Number(donorDonations ?? 0) + 1,
          emergencies: Number(donorEmergencies ?? 0) + (Number(donorToThisEmergency ?? 0) === 0 ? 1 : 0),
          lamports: BigInt(donorLamports ?? '0') + (values.currency === 'SOL' ? values.amount : 0n),
          usdc: BigInt(donorUsdc ?? '0') + (values.currency === 'USDC' ? values.amount : 0n),
          held: donorHeld ?? [],
        }
  return { donation: donation as DonationRow, totals, donorTotals }
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

/** SOL and USDC summed apart (each in its own base units), in one statement. */
const sumsByCurrency = {
  donated: lamportsText(
    sql`coalesce(sum(${donations.amount}) filter (where ${donations.currency} = 'SOL'), 0)`,
  ),
  tips: lamportsText(
    sql`coalesce(sum(${donations.tipAmount}) filter (where ${donations.currency} = 'SOL'), 0)`,
  ),
  usdcDonated: lamportsText(
    sql`coalesce(sum(${donations.amount}) filter (where ${donations.currency} = 'USDC'), 0)`,
  ),
  usdcTips: lamportsText(
    sql`coalesce(sum(${donations.tipAmount}) filter (where ${donations.currency} = 'USDC'), 0)`,
  ),
}

export interface CurrencySums {
  donated: bigint
  tips: bigint
  usdcDonated: bigint
  usdcTips: bigint
}

const toSums = (row: Record<keyof CurrencySums, string> | undefined): CurrencySums => ({
  donated: BigInt(row?.donated ?? '0'),
  tips: BigInt(row?.tips ?? '0'),
  usdcDonated: BigInt(row?.usdcDonated ?? '0'),
  usdcTips: BigInt(row?.usdcTips ?? '0'),
})

export async function donorSums(db: Db, donorId: number): Promise<CurrencySums> {
  const [row] = await db.select(sumsByCurrency).from(donations).where(eq(donations.donorId, donorId))
  return toSums(row)
}

/** An owner's listed emergencies, and what all of theirs received (deleted ones too: the money was raised). */
export async function ownerRaised(db: Db, ownerId: number) {
  const [row] = await db
    .select({
      raised: sumsByCurrency.donated,
      usdcRaised: sumsByCurrency.usdcDonated,
      donations: count(),
      donors: countDistinct(donations.donorWallet),
    })
    .from(donations)
    .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))
    .where(eq(emergencies.ownerId, ownerId))
  const [listed] = await db
    .select({ n: count() })
    .from(emergencies)
    .where(and(eq(emergencies.ownerId, ownerId), isNull(emergencies.deletedAt)))
  return {
    emergencies: listed?.n ?? 0,
    raised: BigInt(row?.raised ?? '0'),
    usdcRaised: BigInt(row?.usdcRaised ?? '0'),
    donations: row?.donations ?? 0,
    donors: row?.donors ?? 0,
  }
}

/** Every tip the platform received, per currency. */
export async function platformTips(db: Db): Promise<Pick<CurrencySums, 'tips' | 'usdcTips'>> {
  const [row] = await db
    .select({ tips: sumsByCurrency.tips, usdcTips: sumsByCurrency.usdcTips })
    .from(donations)
  return { tips: BigInt(row?.tips ?? '0'), usdcTips: BigInt(row?.usdcTips ?? '0') }
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
