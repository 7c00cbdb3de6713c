// Recovering a donation by its signature alone (issue 31): a donor whose gift the app never recorded (a plain
// transfer to the emergency's wallet, a phone that lost the page, a wallet that changed the amount) names the
// transaction; the same verifier proves it, and what really moved is recorded, once.
import type { RecoverRequest } from '../../../api-contract/donations'
import type { Currency } from '../../../api-contract/common'
import { AppError } from '../../lib/errors'
import type { AuthUser } from '../../plugins/auth'
import { PaymentAlreadyProcessedError, PaymentNotVerifiedError } from '../payments/payments.service'
import { type DonationWithTitle, findDonationByTxHash } from './donations.repository'
import { type DonationsDeps, recordSigned } from './donations.service'

export type Recovery =
  | { recorded: 'now'; donation: DonationWithTitle }
  /** the signature was recorded before, as this donation */
  | { recorded: 'before'; donation: DonationWithTitle }

/** The chain showed nothing of this currency from the caller to the emergency (or no such emergency). */
const provedNothing = (error: unknown) =>
  (error instanceof PaymentNotVerifiedError && error.reason === 'wrong_recipient') ||
  (error instanceof AppError && error.status === 404)

export function donationRecovery(deps: DonationsDeps) {
  const asMoved = (user: AuthUser, body: RecoverRequest, currency: Currency) =>
    recordSigned(
      deps,
      user,
      { emergencyId: body.emergency_id, txHash: body.tx_hash },
      { currency, amount: 0n, tip: 0n, comment: null, asMoved: true },
    )

  /** SOL first; a transaction that moved no SOL to the emergency is read again as USDC (one more RPC call). */
  async function recordWhatMoved(user: AuthUser, body: RecoverRequest): Promise<DonationWithTitle> {
    try {
      return await asMoved(user, body, 'SOL')
    } catch (sol) {
      if (!deps.chain.usdcMint || !provedNothing(sol)) throw sol
      try {
        return await asMoved(user, body, 'USDC')
      } catch (usdc) {
        throw provedNothing(usdc) ? sol : usdc
      }
    }
  }

  return {
    /**
     * Records what the signed-in user's transaction really moved to the emergency (and tipped the platform), in
     * SOL or USDC, once. A signature already recorded as a donation answers that donation; as anything else
     * (a boost, a listing fee), 422 'already been processed'.
     */
    async recover(user: AuthUser, body: RecoverRequest): Promise<Recovery> {
      try {
        return { recorded: 'now', donation: await recordWhatMoved(user, body) }
      } catch (error) {
        if (!(error instanceof PaymentAlreadyProcessedError)) throw error
        const donation = await findDonationByTxHash(deps.db, body.tx_hash)
        if (!donation) throw error
        return { recorded: 'before', donation }
      }
    },
  }
}
