// What the user sees after the listing-fee submission.
import { ApiError } from '../lib/api-client'
import { ERROR_TEXT, hasCode } from '../lib/error-text'

export const LISTING_TEXT = {
  unverified:
    'Transaction could not be verified. If SOL was deducted, contact support with your transaction hash.',
  alreadyVerified: ERROR_TEXT.payment_already_verified,
  pending: 'Payment received; it will be verified by an admin.',
  unknown: 'Something went wrong. Please try again or contact support.',
} as const

export interface ListingOutcome {
  kind: 'success' | 'error' | 'info'
  text: string
  /** Where to go next; null stays on the payment screen. */
  to: string | null
}

const MY = '/airdrop/my'
const UNVERIFIED_REASONS = ['not found on-chain', 'wrong amount']

/** The server's answer to submit-payment: 200 '…listed.' or 202 pending an admin's review. */
export function outcomeOfAnswer(message: string | undefined): ListingOutcome {
  const text = message ?? ''
  if (/listed/i.test(text)) return { kind: 'success', text, to: MY }
  if (/admin/i.test(text)) return { kind: 'info', text: text || LISTING_TEXT.pending, to: MY }
  return { kind: 'error', text: LISTING_TEXT.unknown, to: null }
}

/** A failed submission (or a failed payment before it). */
export function outcomeOfError(error: unknown): ListingOutcome {
  const text = error instanceof Error ? error.message : ''
  if (error instanceof ApiError) {
    if (hasCode(error, 'payment_already_verified'))
      return { kind: 'success', text: LISTING_TEXT.alreadyVerified, to: MY }
    // The verifier's reasons that may mean SOL left the wallet without reaching the platform (server/chain).
    if (hasCode(error, 'payment_not_verified') && UNVERIFIED_REASONS.includes(text))
      return { kind: 'error', text: LISTING_TEXT.unverified, to: MY }
    return { kind: 'error', text, to: null }
  }
  return { kind: 'error', text: text || LISTING_TEXT.unknown, to: null }
}
