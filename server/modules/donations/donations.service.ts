// Recording a donation (DESIGN §4): the chain must prove it (acceptPayment), then one database transaction
// inserts the payment, the donation, the emergency's new totals and any badges, or nothing at all.
import type { DonateRequest } from '../../../api-contract/donations'
import type { Config } from '../../config'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import { AppError, badRequest } from '../../lib/errors'
import { parseSol } from '../../lib/money'
import type { AuthUser } from '../../plugins/auth'
import { awardForDonation, awardForGoalReached } from '../badges/badges.service'
import { creditEmergencyDonation, findDonatableEmergency } from '../emergencies/emergencies.service'
import { acceptPayment } from '../payments/payments.service'
import { type DonationWithTitle, donorTotals, insertDonation } from './donations.repository'

/** 0.001 SOL: below this a first transfer to an empty wallet fails rent (reference §2.3). */
export const MIN_DONATION = 1_000_000n

export interface DonationsDeps {
  config: Pick<Config, 'platformWallet' | 'cluster'>
  db: Db
  chain?: Chain
}

interface Claim {
  amount: bigint
  tip: bigint
  comment: string | null
}

const isBlank = (value: unknown) => value === undefined || value === null || value === ''

/** The request's amounts as lamports, with the spec's texts for what is missing. */
export function donationClaim(body: DonateRequest): Claim {
  if (isBlank(body.amount)) throw badRequest('invalid_amount', 'Please enter donation amount.')
  const amount = parseSol(body.amount!, 'amount')
  if (amount < MIN_DONATION) throw badRequest('invalid_amount', 'The minimum donation is 0.001 SOL.')
  const tip = isBlank(body.tip_amount) ? 0n : parseSol(body.tip_amount!, 'tip_amount')
  if (body.tip_included === false && tip > 0n)
    throw badRequest('invalid_amount', 'tip_amount must be 0 when tip_included is false.')
  const comment = body.comment?.trim() || null
  return { amount, tip, comment }
}

export function donationsService({ config, db, chain }: DonationsDeps) {
  return {
    async donate(user: AuthUser, body: DonateRequest): Promise<DonationWithTitle> {
      const claim = donationClaim(body)
      const emergency = await findDonatableEmergency(db, body.emergency_id)
      if (!chain)
        throw new AppError(
          'ledger_unavailable',
          'The Solana ledger cannot be reached right now. Please try again.',
          503,
        )
      let recorded: DonationWithTitle | undefined
      await acceptPayment(
        { db, rpc: chain.rpc, cluster: config.cluster },
        {
          txHash: body.tx_hash,
          kind: 'donation',
          payerWallet: user.walletAddress,
          userId: user.id,
          reference: String(emergency.id),
          // From the database, never from the request.
          recipientWallet: emergency.receivingWallet,
          lamports: claim.amount,
          tip: claim.tip > 0n ? { to: config.platformWallet, lamports: claim.tip } : undefined,
        },
        async (tx, payment) => {
          const donation = await insertDonation(tx, {
            paymentId: payment.id,
            txHash: payment.txHash,
            emergencyId: emergency.id,
            donorId: user.id,
            donorWallet: user.walletAddress,
            amount: claim.amount,
            tipAmount: claim.tip,
            comment: claim.comment,
          })
          const totals = await creditEmergencyDonation(tx, emergency.id, claim.amount)
          await awardForDonation(tx, user.id, await donorTotals(tx, user.id), payment.txHash, emergency.id)
          if (totals.before < totals.solGoal && totals.totalDonated >= totals.solGoal)
            await awardForGoalReached(tx, totals.ownerId, payment.txHash, emergency.id)
          recorded = { ...donation, emergencyTitle: emergency.title }
        },
      )
      return recorded!
    },
  }
}
