// Listing-fee claims an admin approved while the ledger could not be reached (`unverified`): listed on the admin's
// word, never a row in `payments`. The first verified payment of the same signature refutes them (a donor's
// donation wins over a campaign owner who claimed its signature), and so does the chain once it answers again.
import { and, asc, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { PaymentRow } from '../payments/payments.table'
import { users } from '../users/users.table'
import { campaignPayments, campaigns } from './airdrops.table'

/** Claims approved without on-chain proof, oldest first, with the wallet that must have paid them. */
export async function unverifiedClaims(db: Db, limit: number) {
  return db
    .select({ claim: campaignPayments, ownerWallet: users.walletAddress })
    .from(campaignPayments)
    .innerJoin(campaigns, eq(campaigns.id, campaignPayments.campaignId))
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(eq(campaignPayments.unverified, true))
    .orderBy(asc(campaignPayments.id))
    .limit(limit)
}

/** Whether another campaign's confirmed claim (verified or not) already holds this signature. */
export async function txListsAnotherCampaign(db: Db, txHash: string, campaignId: number): Promise<boolean> {
  const rows = await db
    .select({ id: campaignPayments.id })
    .from(campaignPayments)
    .where(
      and(
        eq(campaignPayments.txHash, txHash),
        eq(campaignPayments.confirmed, true),
        ne(campaignPayments.campaignId, campaignId),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * Rejects an unverified claim the chain or a verified payment refuted, and un-lists its campaign unless another
 * confirmed fee keeps it listed.
 */
export async function rejectUnverifiedClaim(tx: Db, claim: { id: number; campaignId: number }) {
  await tx
    .update(campaignPayments)
    .set({ confirmed: false, rejected: true, unverified: false, reviewedAt: new Date() })
    .where(and(eq(campaignPayments.id, claim.id), eq(campaignPayments.unverified, true)))
  const others = await tx
    .select({ id: campaignPayments.id })
    .from(campaignPayments)
    .where(
      and(
        eq(campaignPayments.campaignId, claim.campaignId),
        eq(campaignPayments.confirmed, true),
        ne(campaignPayments.id, claim.id),
      ),
    )
    .limit(1)
  if (others.length === 0)
    await tx.update(campaigns).set({ isListed: false }).where(eq(campaigns.id, claim.campaignId))
}

/**
 * Called in the transaction that records a verified payment: the claim this payment proves (the same campaign's
 * listing fee) becomes verified, every other unverified claim of the signature is rejected. Uses the partial index
 * on unverified claims, so an ordinary payment costs one index probe.
 */
export async function rejectClaimsRefutedBy(tx: Db, payment: PaymentRow) {
  const claims = await tx
    .select({ id: campaignPayments.id, campaignId: campaignPayments.campaignId })
    .from(campaignPayments)
    .where(and(eq(campaignPayments.txHash, payment.txHash), eq(campaignPayments.unverified, true)))
  for (const claim of claims) {
    const proves = payment.kind === 'listing_fee' && payment.reference === String(claim.campaignId)
    if (!proves) await rejectUnverifiedClaim(tx, claim)
    else await tx.update(campaignPayments).set({ unverified: false }).where(eq(campaignPayments.id, claim.id))
  }
}
