// Badge rules the server owns. Awards run inside the transaction that earned them (the donation's
// or the emergency's), so a badge exists exactly when its cause does; UNIQUE(user_id, kind) awards each once.
import type { BadgeKind } from '../../../api-contract/badges'
import type { Db } from '../../db/client'
import type { OffsetSlice } from '../../db/offset-page'
import { LAMPORTS_PER_SOL } from '../../lib/money'
import { badgesOf, insertBadgeIfNew } from './badges.repository'
import type { BadgeRow } from './badges.table'

export const BADGE_TITLES: Record<BadgeKind, string> = {
  first_donation: 'First Donation',
  three_emergencies: 'Supported 3 Emergencies',
  one_sol_donated: 'Donated 1 SOL',
  hundred_usdc_donated: 'Donated 100 USDC',
  first_emergency: 'First Emergency Created',
  goal_reached: 'Goal Reached',
}

export const THREE_EMERGENCIES = 3
export const ONE_SOL = LAMPORTS_PER_SOL
/** 100 USDC in micro-USDC: the USDC badge's threshold, its own (no exchange rate turns it into SOL). */
export const HUNDRED_USDC = 100_000_000n

/** What a donor has given so far, counting the donation being recorded: donations and emergencies in either
 * currency, amounts per currency. */
export interface DonorTotals {
  donations: number
  emergencies: number
  lamports: bigint
  /** micro-USDC */
  usdc: bigint
  /** the badges the donor already holds, read with the totals: not asked for again */
  held: readonly BadgeKind[]
}

function award(tx: Db, userId: number, kind: BadgeKind, txHash: string | null, emergencyId: number | null) {
  return insertBadgeIfNew(tx, { userId, kind, title: BADGE_TITLES[kind], txHash, emergencyId })
}

export async function awardForEmergencyCreated(tx: Db, ownerId: number, emergencyId: number) {
  return award(tx, ownerId, 'first_emergency', null, emergencyId)
}

/** Donor badges earned by the donation `txHash` (totals include it). */
export async function awardForDonation(
  tx: Db,
  donorId: number,
  totals: DonorTotals,
  txHash: string,
  emergencyId: number,
): Promise<BadgeRow[]> {
  const earned: BadgeKind[] = []
  if (totals.donations >= 1) earned.push('first_donation')
  if (totals.emergencies >= THREE_EMERGENCIES) earned.push('three_emergencies')
  if (totals.lamports >= ONE_SOL) earned.push('one_sol_donated')
  if (totals.usdc >= HUNDRED_USDC) earned.push('hundred_usdc_donated')
  const awarded: BadgeRow[] = []
  for (const kind of earned) {
    if (totals.held.includes(kind)) continue
    const row = await award(tx, donorId, kind, txHash, emergencyId)
    if (row) awarded.push(row)
  }
  return awarded
}

/** The campaigner's badge when a donation brings the emergency to its goal. */
export async function awardForGoalReached(tx: Db, ownerId: number, txHash: string, emergencyId: number) {
  return award(tx, ownerId, 'goal_reached', txHash, emergencyId)
}

/** A user's badges, newest first. */
export function badgesOfUser(db: Db, userId: number, at: OffsetSlice) {
  return badgesOf(db, userId, at)
}
