// The 'Express Interest to Invest' checks, in the spec's order: login, profile, approved KYC.
import type { User } from '../../../state/auth.atoms'

export const INVEST_TEXT = {
  login: 'Please login to proceed as an investor',
  loading: 'Loading your profile. Please wait...',
  kyc: 'KYC verification is required before investing',
} as const

export type InvestGate =
  { ok: true; to: string } | { ok: false; kind: 'error' | 'info'; text: string; to: string | null }

export function investGate(loggedIn: boolean, user: User | null, campaignId: number): InvestGate {
  const target = `/airdrops/invest/${campaignId}`
  if (!loggedIn)
    return {
      ok: false,
      kind: 'error',
      text: INVEST_TEXT.login,
      to: `/login?redirect=${encodeURIComponent(target)}`,
    }
  if (!user) return { ok: false, kind: 'info', text: INVEST_TEXT.loading, to: null }
  if (user.kyc.status !== 'approved')
    return { ok: false, kind: 'error', text: INVEST_TEXT.kyc, to: '/investor/kyc' }
  return { ok: true, to: target }
}
