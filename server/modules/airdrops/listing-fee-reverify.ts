// Listing fees an admin approved while the ledger could not be reached are `unverified`: listed on the admin's
// word, never a row in `payments` (so the signature stays free for its real owner: a donor's donation with it is
// recorded, and wins, see unverified-claims.repository.ts). Once the ledger answers, each is verified like a fresh
// submission: proven, it becomes an ordinary verified fee; refuted (wrong amount, someone else's transaction,
// already used for a donation …), the claim is rejected and the campaign un-listed unless another confirmed fee
// keeps it listed.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import { LedgerUnavailable } from '../../chain/rpc-client'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import { every, type Loop } from '../../jobs/loop'
import { AppError } from '../../lib/errors'
import { safeForLog } from '../../plugins/errors'
import { acceptPayment, PaymentAlreadyProcessedError } from '../payments/payments.service'
import type { PaymentRow } from '../payments/payments.table'
import { setClaim } from './airdrops.repository'
import type { CampaignPaymentRow } from './airdrops.table'
import {
  rejectClaimsRefutedBy,
  rejectUnverifiedClaim,
  unverifiedClaims,
} from './unverified-claims.repository'

/** How often a running server looks for unverified fees to verify (RPC is used only while some exist). */
const REVERIFY_EVERY_MS = 60_000

export type ReverifyOutcome =
  | { kind: 'verified' }
  | { kind: 'refuted'; reason: string }
  /** the ledger still cannot be reached: the claim stays unverified */
  | { kind: 'unreachable' }

export interface ReverifyDeps {
  config: Pick<Config, 'platformWallet' | 'cluster'>
  db: Db
  chain: Chain
}

export const isListingFeeOf = (payment: PaymentRow | undefined, campaignId: number) =>
  payment?.kind === 'listing_fee' && payment.reference === String(campaignId)

/** Verifies one unverified claim on-chain (the campaign owner's wallet paid the fee to the platform wallet). */
export async function reverifyClaim(
  { config, db, chain }: ReverifyDeps,
  claim: CampaignPaymentRow,
  ownerWallet: string,
): Promise<ReverifyOutcome> {
  try {
    // Recording the payment marks the claim verified (rejectClaimsRefutedBy, in the same transaction).
    await acceptPayment(
      { db, rpc: chain.rpc, cluster: config.cluster, onRecorded: rejectClaimsRefutedBy },
      {
        txHash: claim.txHash,
        kind: 'listing_fee',
        payerWallet: ownerWallet,
        userId: claim.userId,
        reference: String(claim.campaignId),
        recipientWallet: config.platformWallet,
        lamports: claim.amount,
      },
      async () => {},
    )
    return { kind: 'verified' }
  } catch (error) {
    if (error instanceof PaymentAlreadyProcessedError && isListingFeeOf(error.existing, claim.campaignId)) {
      await setClaim(db, claim.id, { unverified: false })
      return { kind: 'verified' }
    }
    if (error instanceof LedgerUnavailable) return { kind: 'unreachable' }
    if (error instanceof AppError && error.status === 422) {
      await db.transaction((tx) => rejectUnverifiedClaim(tx, claim))
      return { kind: 'refuted', reason: error.message }
    }
    throw error
  }
}

/** One pass over the unverified claims, oldest first; stops while the ledger is still unreachable. */
export async function reverifyUnverifiedFees(deps: ReverifyDeps, batch = 20) {
  const counts = { verified: 0, refuted: 0, unreachable: 0 }
  for (const { claim, ownerWallet } of await unverifiedClaims(deps.db, batch)) {
    const outcome = await reverifyClaim(deps, claim, ownerWallet)
    counts[outcome.kind]++
    if (outcome.kind === 'unreachable') break
  }
  return counts
}

/** While the server runs (with a ledger configured), approvals made during an outage are verified once it is over. */
export function listingFeeReverifier(deps: ReverifyDeps, log: FastifyBaseLogger): Loop {
  const onError = (error: unknown) =>
    log.warn({ err: safeForLog(error) }, 'listing-fee re-verification failed')
  return every({ everyMs: REVERIFY_EVERY_MS, onError }, () => reverifyUnverifiedFees(deps))
}
