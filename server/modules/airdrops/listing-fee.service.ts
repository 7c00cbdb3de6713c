// The listing fee: 0.5 SOL from the owner's wallet to the platform wallet lists the campaign.
// A verified fee has its row in `payments` (UNIQUE tx_hash: a donation's signature can never list a campaign).
// When the ledger cannot be reached the claim waits in campaign_payments (confirmed = rejected = false) and is
// NOT a payment: an admin may approve it, which lists the campaign as `unverified` until the server verifies it
// (listing-fee-reverify.ts).
import type { PaymentMessage } from '../../../api-contract/airdrops'
import { LedgerUnavailable } from '../../chain/rpc-client'
import type { Db } from '../../db/client'
import { AppError, conflict, notFound } from '../../lib/errors'
import { parseSol } from '../../lib/money'
import type { PageRequest } from '../../lib/pagination'
import type { AuthUser } from '../../plugins/auth'
import { LISTING_FEE_SOL } from '../../lib/product'
import {
  acceptPayment,
  acceptPlatformFee,
  type Credit,
  type PaymentClaim,
  PaymentAlreadyProcessedError,
  type PlatformPaymentDeps,
  findPaymentBySignature,
} from '../payments/payments.service'
import {
  claimsPage,
  findClaim,
  findClaimById,
  setClaim,
  updateCampaign,
  upsertClaim,
} from './airdrops.repository'
import type { CampaignPaymentRow } from './airdrops.table'
import { presentClaim } from './airdrops.present'
import { type CampaignsService, findCampaignOr404 } from './airdrops.service'
import { isListingFeeOf, reverifyClaim } from './listing-fee-reverify'
import { txListsAnotherCampaign } from './unverified-claims.repository'

export const LISTING_FEE_LAMPORTS = parseSol(LISTING_FEE_SOL, 'listing_fee')
export const LISTED = 'Payment verified and campaign listed.'
export const PENDING_FOR_ADMIN = 'Payment received; it will be verified by an admin.'
const APPROVED: PaymentMessage = { message: 'Payment approved and campaign listed.', verified: true }
export const APPROVED_UNVERIFIED: PaymentMessage = {
  message:
    'Payment approved WITHOUT on-chain verification: the ledger cannot be reached. The campaign is listed; ' +
    'the payment will be verified when the ledger is back, and the campaign un-listed if it does not hold.',
  verified: false,
}
const alreadyVerified = () => conflict('payment_already_verified', 'Payment already verified.')

export type SubmitOutcome = { status: 200 | 202; message: string }

export function listingFeeService(deps: PlatformPaymentDeps & { campaigns: CampaignsService }) {
  const { config, db, clock, chain, campaigns, onPaymentRecorded } = deps

  const queueForAdmin = async (
    user: AuthUser,
    campaignId: number,
    txHash: string,
  ): Promise<SubmitOutcome> => {
    await upsertClaim(db, {
      campaignId,
      userId: user.id,
      txHash,
      amount: LISTING_FEE_LAMPORTS,
      confirmed: false,
      rejected: false,
    })
    return { status: 202, message: PENDING_FOR_ADMIN }
  }

  /** acceptPayment; false (nothing written) when the ledger cannot be reached, so the caller may decide alone. */
  const verifiedUnlessLedgerDown = async (
    fee: Omit<PaymentClaim, 'tip'>,
    credit: Credit,
  ): Promise<boolean> => {
    try {
      await acceptPayment(
        { db, rpc: chain.rpc, cluster: config.cluster, onRecorded: onPaymentRecorded },
        fee,
        credit,
      )
      return true
    } catch (error) {
      if (error instanceof LedgerUnavailable) return false
      throw error
    }
  }

  /** An unverified approval checked again on the admin's request: proven, refuted (422), or still unreachable. */
  const verifyNow = async (claim: CampaignPaymentRow, ownerWallet: string): Promise<PaymentMessage> => {
    const outcome = await reverifyClaim({ config, db, chain }, claim, ownerWallet)
    if (outcome.kind === 'verified')
      return { message: 'Payment verified on-chain; the campaign stays listed.', verified: true }
    if (outcome.kind === 'refuted')
      throw new AppError(
        'payment_not_verified',
        `${outcome.reason}: the payment was rejected and the campaign un-listed.`,
        422,
      )
    throw new LedgerUnavailable('the ledger did not answer the check')
  }

  return {
    async submit(user: AuthUser, campaignId: number, txHash: string): Promise<SubmitOutcome> {
      const campaign = await campaigns.owned(campaignId, user)
      const claim = await findClaim(db, campaignId, txHash)
      if (claim?.confirmed || campaign.isListed) throw alreadyVerified()
      const credit: Credit = async (tx) => {
        await upsertClaim(tx, {
          campaignId,
          userId: user.id,
          txHash,
          amount: LISTING_FEE_LAMPORTS,
          confirmed: true,
          rejected: false,
        })
        await updateCampaign(tx, campaignId, { isListed: true })
      }
      try {
        await acceptPlatformFee(
          deps,
          user,
          { txHash, kind: 'listing_fee', reference: campaignId, lamports: LISTING_FEE_LAMPORTS },
          credit,
        )
        return { status: 200, message: LISTED }
      } catch (error) {
        if (error instanceof PaymentAlreadyProcessedError && isListingFeeOf(error.existing, campaignId))
          throw alreadyVerified()
        if (error instanceof LedgerUnavailable) return queueForAdmin(user, campaignId, txHash)
        throw error
      }
    },

    async list(at: PageRequest) {
      const { rows, total } = await claimsPage(db, at)
      return { total, results: rows.map(presentClaim) }
    },

    /**
     * Admin approval. A pending or rejected claim is verified like a fresh submission when the ledger answers (the
     * owner's wallet paid 0.5 SOL to the platform wallet): refuted, it is refused with the verifier's reason (422).
     * While the ledger cannot be reached the admin's word lists the campaign, but the claim is recorded as
     * `unverified` (never as a payment: the signature stays free for its real owner) and said to be so; it is
     * verified when the ledger is back (listing-fee-reverify.ts), or at once when the admin approves it again.
     * A signature already used for anything but this campaign's fee answers 422 'already been processed'.
     */
    async approve(admin: AuthUser, campaignId: number, paymentId: number): Promise<PaymentMessage> {
      const campaign = await findCampaignOr404(db, campaignId)
      const claim = await findClaimById(db, paymentId)
      if (!claim || claim.campaignId !== campaignId) throw notFound('Payment not found.')
      if (claim.unverified) return verifyNow(claim, campaign.ownerWallet)
      // A listed campaign has its fee already; a further claim can only be rejected.
      if (claim.confirmed || campaign.isListed) throw alreadyVerified()
      const reviewed = { confirmed: true, rejected: false, reviewedBy: admin.id, reviewedAt: clock() }
      const list = (unverified: boolean) => async (tx: Db) => {
        await setClaim(tx, claim.id, { ...reviewed, unverified })
        await updateCampaign(tx, campaignId, { isListed: true })
      }
      const fee = {
        txHash: claim.txHash,
        kind: 'listing_fee' as const,
        payerWallet: campaign.ownerWallet,
        userId: claim.userId,
        reference: String(campaignId),
        recipientWallet: config.platformWallet,
        lamports: claim.amount,
      }
      try {
        if (await verifiedUnlessLedgerDown(fee, list(false))) return APPROVED
      } catch (error) {
        if (!(error instanceof PaymentAlreadyProcessedError && isListingFeeOf(error.existing, campaignId)))
          throw error
        await db.transaction(list(false))
        return APPROVED
      }
      const used = await findPaymentBySignature(db, claim.txHash)
      if (used && !isListingFeeOf(used, campaignId)) throw new PaymentAlreadyProcessedError(used)
      if (await txListsAnotherCampaign(db, claim.txHash, campaignId))
        throw new PaymentAlreadyProcessedError(undefined)
      await db.transaction(list(true))
      return APPROVED_UNVERIFIED
    },

    async reject(admin: AuthUser, campaignId: number, paymentId: number) {
      await findCampaignOr404(db, campaignId)
      const claim = await findClaimById(db, paymentId)
      if (!claim || claim.campaignId !== campaignId) throw notFound('Payment not found.')
      if (claim.confirmed) throw alreadyVerified()
      if (claim.rejected) throw conflict('payment_not_pending', 'This payment is already rejected.')
      await setClaim(db, claim.id, {
        confirmed: false,
        rejected: true,
        reviewedBy: admin.id,
        reviewedAt: clock(),
      })
      return { message: 'Payment rejected.' }
    },
  }
}
