// Paid boost: the boost fee (0.1 SOL) from the owner's wallet to the platform wallet, verified like a donation;
// featured for BOOST_DAYS (7) from verification, and a second boost extends from the later of now and the current expiry.
import { conflict } from '../../lib/errors'
import { acceptPlatformFee, type PlatformPaymentDeps } from '../payments/payments.service'
import { parseSol } from '../../lib/money'
import { BOOST_DAYS, BOOST_FEE_SOL } from '../../lib/product'
import { lockEmergency, updateEmergency } from './emergencies.repository'
import type { EmergenciesService } from './emergencies.service'
import type { AuthUser } from '../../plugins/auth'

export const BOOST_LAMPORTS = parseSol(BOOST_FEE_SOL, 'boost_fee')
const DAY_MS = 86_400_000

/** The boost's new expiry: 7 days after the later of now and the current expiry. */
export function extendedBoost(current: Date | null, now: Date): Date {
  const from = current && current > now ? current : now
  return new Date(from.getTime() + BOOST_DAYS * DAY_MS)
}

export function boostService(deps: PlatformPaymentDeps & { emergencies: EmergenciesService }) {
  const { clock, emergencies } = deps
  return {
    async boost(user: AuthUser, emergencyId: number, txHash: string) {
      const row = await emergencies.owned(emergencyId, user)
      if (row.reviewStatus === 'confirmed_scam')
        throw conflict('under_review', 'This emergency is under review and cannot be boosted.')
      let expires = new Date(0)
      await acceptPlatformFee(
        deps,
        user,
        { txHash, kind: 'boost', reference: emergencyId, lamports: BOOST_LAMPORTS },
        async (tx) => {
          const locked = await lockEmergency(tx, emergencyId)
          expires = extendedBoost(locked?.boostExpiresAt ?? null, clock())
          await updateEmergency(tx, emergencyId, { boostExpiresAt: expires })
        },
      )
      return { expires, emergency: await emergencies.detail(emergencyId, user) }
    },
  }
}
