// Recording the donation a reference's transaction paid, through the same verifier and payments service as a
// donation posted by the PWA (recordDonation → acceptPayment → verifyPayment + recordPayment): once per signature,
// for what the chain proves reached the emergency and the platform (more than asked, or without the tip, when the
// wallet changed it), and the reference closed in the same database transaction.
import type { Config } from '../../config'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'
import { recordDonation } from '../donations/donations.service'
import { emergencyCard } from '../emergencies/emergencies.service'
import { type OnPaymentRecorded, PaymentAlreadyProcessedError } from '../payments/payments.service'
import { userIdOfWallet } from '../users/users.service'
import { markCredited } from './action-references.repository'
import type { ActionReferenceRow } from './action-references.table'

export type CreditOutcome =
  | { kind: 'credited'; donationId: number }
  /** the signature was recorded before (e.g. also posted by the PWA): the reference is closed with it */
  | { kind: 'recorded-elsewhere' }
  /** the signature already closed another reference, or this one is closed: nothing changes */
  | { kind: 'not-this-reference' }
  /** the chain does not prove the payment the reference expects (the verifier's reason) */
  | { kind: 'rejected'; reason: string }

class ReferenceNoLongerOpen extends Error {}

export interface CreditDeps {
  db: Db
  chain: Chain
  config: Pick<Config, 'cluster' | 'platformWallet'>
  onPaymentRecorded: OnPaymentRecorded
}

/**
 * Verifies `signature` against what the reference expects and records it. Throws only for infrastructure
 * faults (AppError 503 when the ledger is unreachable, database errors), so the watcher retries later.
 */
export async function creditReference(
  { db, chain, config, onPaymentRecorded }: CreditDeps,
  ref: ActionReferenceRow,
  signature: string,
): Promise<CreditOutcome> {
  const emergency = await emergencyCard(db, ref.emergencyId)
  if (!emergency) return { kind: 'rejected', reason: 'emergency not found' }
  try {
    const donation = await recordDonation(
      { db, chain, cluster: config.cluster, platformWallet: config.platformWallet, onPaymentRecorded },
      {
        txHash: signature,
        emergency,
        recipientWallet: ref.recipientWallet,
        payerWallet: ref.payerWallet,
        donorId: await userIdOfWallet(db, ref.payerWallet),
        currency: ref.currency,
        amount: ref.lamports,
        tip: ref.tipLamports,
        // The wallet may have changed the amount or dropped the tip: what reached the emergency is the donation.
        asMoved: true,
        comment: ref.comment,
        alsoInTransaction: async (tx, payment) => {
          if (!(await markCredited(tx, ref.reference, signature, payment))) throw new ReferenceNoLongerOpen()
        },
      },
    )
    return { kind: 'credited', donationId: donation.id }
  } catch (error) {
    if (error instanceof ReferenceNoLongerOpen) return { kind: 'not-this-reference' }
    if (error instanceof PaymentAlreadyProcessedError) {
      const closed = await markCredited(db, ref.reference, signature, error.existing)
      return closed ? { kind: 'recorded-elsewhere' } : { kind: 'not-this-reference' }
    }
    if (error instanceof AppError && error.status === 422) return { kind: 'rejected', reason: error.message }
    throw error
  }
}
