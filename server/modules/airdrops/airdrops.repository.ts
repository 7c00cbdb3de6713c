import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { findOne } from '../../db/find-one'
import { type OffsetSlice, offsetPage } from '../../db/offset-page'
import { users } from '../users/users.table'
import {
  type CampaignPaymentRow,
  campaignPayments,
  type CampaignRow,
  campaigns,
  type NewCampaign,
} from './airdrops.table'

export interface CampaignWithOwner extends CampaignRow {
  ownerWallet: string
}

const withOwner = { campaign: campaigns, ownerWallet: users.walletAddress }
const toRow = (r: { campaign: CampaignRow; ownerWallet: string }): CampaignWithOwner => ({
  ...r.campaign,
  ownerWallet: r.ownerWallet,
})

export async function insertCampaign(db: Db, values: NewCampaign): Promise<CampaignRow> {
  const rows = await db.insert(campaigns).values(values).returning()
  return rows[0]!
}

export async function findCampaign(db: Db, id: number): Promise<CampaignWithOwner | undefined> {
  const rows = await db
    .select(withOwner)
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(eq(campaigns.id, id))
    .limit(1)
  return rows[0] && toRow(rows[0])
}

async function campaignPage(db: Db, where: SQL, at: OffsetSlice) {
  const query = db
    .select(withOwner)
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
  const { rows, total } = await offsetPage(db, query, { table: campaigns, where }, at)
  return { rows: rows.map(toRow), total }
}

export const listedCampaigns = (db: Db, at: OffsetSlice) => campaignPage(db, eq(campaigns.isListed, true), at)

export const campaignsOf = (db: Db, ownerId: number, at: OffsetSlice) =>
  campaignPage(db, eq(campaigns.ownerId, ownerId), at)

export async function updateCampaign(db: Db, id: number, set: Partial<NewCampaign>): Promise<void> {
  await db.update(campaigns).set(set).where(eq(campaigns.id, id))
}

export const findClaim = (db: Db, campaignId: number, txHash: string) =>
  findOne(
    db,
    campaignPayments,
    and(eq(campaignPayments.campaignId, campaignId), eq(campaignPayments.txHash, txHash)),
  )

export const findClaimById = (db: Db, id: number): Promise<CampaignPaymentRow | undefined> =>
  findOne(db, campaignPayments, eq(campaignPayments.id, id))

/** Records a claim for (campaign, tx); a claim already there is set to `set` (e.g. back to pending, or confirmed). */
export async function upsertClaim(
  db: Db,
  claim: Pick<CampaignPaymentRow, 'campaignId' | 'userId' | 'txHash' | 'amount' | 'confirmed' | 'rejected'>,
): Promise<CampaignPaymentRow> {
  const rows = await db
    .insert(campaignPayments)
    .values(claim)
    .onConflictDoUpdate({
      target: [campaignPayments.campaignId, campaignPayments.txHash],
      set: { confirmed: claim.confirmed, rejected: claim.rejected },
    })
    .returning()
  return rows[0]!
}

export async function setClaim(
  db: Db,
  id: number,
  set: Partial<
    Pick<CampaignPaymentRow, 'confirmed' | 'rejected' | 'unverified' | 'reviewedBy' | 'reviewedAt'>
  >,
): Promise<void> {
  await db.update(campaignPayments).set(set).where(eq(campaignPayments.id, id))
}

/** The latest claim of each campaign. */
export async function latestClaims(db: Db, campaignIds: number[]): Promise<Map<number, CampaignPaymentRow>> {
  if (campaignIds.length === 0) return new Map()
  const rows = await db
    .select()
    .from(campaignPayments)
    .where(inArray(campaignPayments.campaignId, campaignIds))
    .orderBy(desc(campaignPayments.id))
  const out = new Map<number, CampaignPaymentRow>()
  // A confirmed claim wins over later pending or rejected ones; otherwise the latest.
  for (const row of rows) {
    const seen = out.get(row.campaignId)
    if (!seen || (row.confirmed && !seen.confirmed)) out.set(row.campaignId, row)
  }
  return out
}

export function claimsPage(db: Db, at: OffsetSlice) {
  const query = db
    .select({ claim: campaignPayments, campaignName: campaigns.projectName })
    .from(campaignPayments)
    .innerJoin(campaigns, eq(campaigns.id, campaignPayments.campaignId))
    .orderBy(desc(campaignPayments.submittedAt), desc(campaignPayments.id))
  return offsetPage(db, query, { table: campaignPayments }, at)
}
