// The listing fee (DESIGN §3, §4): 0.5 SOL from the owner's wallet to the platform wallet lists the campaign.
// A verified fee has its row in `payments` (UNIQUE tx_hash: a donation's signature can never list a campaign).
// When the ledger cannot be reached the claim waits in campaign_payments (confirmed = rejected = false) and is
// NOT a payment yet: an admin's approval records it in `payments` and lists the campaign.
import type { CampaignPayment } from '../../../api-contract/airdrops'
import type { Config } from '../../config'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError, conflict, notFound } from '../../lib/errors'
import { formatSol, parseSol } from '../../lib/money'
import type { PageRequest } from '../../lib/pagination'
import type { AuthUser } from '../../plugins/auth'
import { LISTING_FEE_SOL } from '../config/config.routes'
import {
  acceptPayment,
  type Credit,
  type PaymentClaim,
  PaymentAlreadyProcessedError,
  recordPayment,
} from '../payments/payments.service'
import type { PaymentRow } from '../payments/payments.table'
import {
  claimsPage,
  findClaim,
  findClaimById,
  setClaim,
  updateCampaign,
  upsertClaim,
} from './airdrops.repository'
import { type CampaignsService, findCampaignOr404 } from './airdrops.service'

export const LISTING_FEE_LAMPORTS = parseSol(LISTING_FEE_SOL, 'listing_fee')
export const LISTED = 'Payment verified and campaign listed.'
export const PENDING_FOR_ADMIN = 'Payment received; it will be verified by an admin.'
const alreadyVerified = () => conflict('payment_already_verified', 'Payment already verified.')

export type SubmitOutcome = { status: 200 | 202; message: string }

export function listingFeeService(deps: {
  config: Pick<Config, 'platformWallet' | 'cluster'>
  db: Db
  clock: Clock
  chain?: Chain
  campaigns: CampaignsService
}) {
  const { config, db, clock, chain, campaigns } = deps
  const isThisCampaignsFee = (payment: PaymentRow | undefined, campaignId: number) =>
    payment?.kind === 'listing_fee' && payment.reference === String(campaignId)

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
    live: Chain,
    fee: Omit<PaymentClaim, 'tip'>,
    credit: Credit,
  ): Promise<boolean> => {
    try {
      await acceptPayment({ db, rpc: live.rpc, cluster: config.cluster }, fee, credit)
      return true
    } catch (error) {
      if (error instanceof AppError && error.code === 'ledger_unavailable') return false
      throw error
    }
  }

  return {
    async submit(user: AuthUser, campaignId: number, txHash: string): Promise<SubmitOutcome> {
      const campaign = await campaigns.owned(campaignId, user)
      const claim = await findClaim(db, campaignId, txHash)
      if (claim?.confirmed || campaign.isListed) throw alreadyVerified()
      if (!chain) return queueForAdmin(user, campaignId, txHash)
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
        await acceptPayment(
          { db, rpc: chain.rpc, cluster: config.cluster },
          {
            txHash,
            kind: 'listing_fee',
            payerWallet: user.walletAddress,
            userId: user.id,
            reference: String(campaignId),
            recipientWallet: config.platformWallet,
            lamports: LISTING_FEE_LAMPORTS,
          },
          credit,
        )
        return { status: 200, message: LISTED }
      } catch (error) {
        if (error instanceof PaymentAlreadyProcessedError && isThisCampaignsFee(error.existing, campaignId))
          throw alreadyVerified()
        if (error instanceof AppError && error.code === 'ledger_unavailable')
          return queueForAdmin(user, campaignId, txHash)
        throw error
      }
    },

    async list(at: PageRequest) {
      const { rows, total } = await claimsPage(db, at.limit, at.offset)
      const results: CampaignPayment[] = rows.map(({ claim, campaignName }) => ({
        id: claim.id,
        campaign: claim.campaignId,
        campaign_name: campaignName,
        amount: formatSol(claim.amount),
        tx_hash: claim.txHash,
        confirmed: claim.confirmed,
        rejected: claim.rejected,
        submitted_at: claim.submittedAt.toISOString(),
      }))
      return { total, results }
    },

    /**
     * Admin approval of a pending or rejected claim. When the ledger answers, the claim is verified like a fresh
     * submission (the owner's wallet paid 0.5 SOL to the platform wallet): a claim the chain refutes is refused
     * with the verifier's reason (422). Only while the ledger cannot be reached does the admin's word stand alone:
     * the claim is recorded in `payments` with slot 0 (approved, not verified by the server). Either way the
     * campaign is listed in the same transaction, and a signature already used for anything but this campaign's
     * fee answers 422 'already been processed'.
     */
    async approve(admin: AuthUser, campaignId: number, paymentId: number) {
      const campaign = await findCampaignOr404(db, campaignId)
      const claim = await findClaimById(db, paymentId)
      if (!claim || claim.campaignId !== campaignId) throw notFound('Payment not found.')
      // A listed campaign has its fee already; a further claim can only be rejected.
      if (claim.confirmed || campaign.isListed) throw alreadyVerified()
      const credit: Credit = async (tx) => {
        await setClaim(tx, claim.id, {
          confirmed: true,
          rejected: false,
          reviewedBy: admin.id,
          reviewedAt: clock(),
        })
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
        const verified = chain && (await verifiedUnlessLedgerDown(chain, fee, credit))
        if (!verified) {
          await recordPayment(
            db,
            { ...fee, tipLamports: 0n, cluster: config.cluster, slot: 0, blockTime: null },
            credit,
          )
        }
      } catch (error) {
        if (!(
          error instanceof PaymentAlreadyProcessedError && isThisCampaignsFee(error.existing, campaignId)
        ))
          throw error
        await db.transaction((tx) => credit(tx, error.existing!))
      }
      return { message: 'Payment approved and campaign listed.' }
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
