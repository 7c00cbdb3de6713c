// What a user reads when the API refuses, decided per error code (the closed union of api-contract/errors.ts) in
// one table. The server already writes its `error` in the product's words, so most codes show it as sent (null
// here); a code with a text shows that text instead. Screens branch on codes (`hasCode`), never on the wording
// of a message; the only substrings the PWA matches are the ledger's own send errors (src/payment/payment-errors.ts).
import type { ErrorCode } from '../../api-contract/errors'
import { ApiError } from './api-client'

/** Every code, decided: a new code in the contract does not compile until it has its line here. */
export const ERROR_TEXT = {
  validation_error: null,
  bad_request: null,
  invalid_wallet: null,
  invalid_email: null,
  invalid_amount: null,
  invalid_signature: null,
  invalid_message: null,
  nonce_expired: null,
  nonce_used: null,
  // sign-in sends the wallet to /register with this text
  wallet_not_registered: 'Wallet not registered',
  wallet_already_registered: null,
  authentication_required: null,
  invalid_token: null,
  token_expired: null,
  invalid_refresh_token: null,
  refresh_token_reused: null,
  forbidden: null,
  not_found: null,
  method_not_allowed: null,
  payload_too_large: null,
  unsupported_media_type: null,
  rate_limited: null,
  shutting_down: null,
  service_unavailable: null,
  ledger_unavailable: null,
  payment_not_verified: null,
  payment_already_processed: null,
  // the recovery form then says so, with the donation's receipt
  donation_already_recorded: 'This donation is already recorded.',
  internal_error: null,
  invalid_text: null,
  proof_images_required: null,
  invalid_deadline: null,
  invalid_video_url: null,
  receiving_wallet_locked: null,
  under_review: null,
  not_flagged: null,
  reason_required: null,
  // the investor form then says so and moves on to the dashboard
  kyc_already_submitted: 'KYC already submitted and under review or approved.',
  kyc_not_pending: null,
  // a listing fee paid twice is a success for the owner: the campaign is listed
  payment_already_verified: 'Payment already verified. Your campaign is listed.',
  payment_not_pending: null,
  intent_not_pending: null,
  relay_taken: null,
  invalid_cursor: null,
  database_busy: null,
  storage_quota_exceeded: null,
  uploads_busy: null,
  upload_abandoned: null,
  cluster_mismatch: null,
  session_ended: null,
  // says when the emergency can be flagged again
  flag_cooldown: null,
  // a repeat flag from the same address or account; the owner's own emergency (the button is hidden there)
  already_flagged: null,
  own_emergency: null,
  // the live feed then polls instead
  too_many_streams: null,
} as const satisfies { readonly [code in ErrorCode]: string | null }

/** The API refused with one of `codes`. */
export const hasCode = (error: unknown, ...codes: ErrorCode[]): error is ApiError =>
  error instanceof ApiError && error.code !== undefined && codes.includes(error.code)

/**
 * The text to show for a failure: the table's for its code, else the server's own, else `fallback`. An answer
 * without a code is not the server's words (a proxy's error page): `fallback`. Any other error says its own (a
 * wallet's refusal).
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const text: string | null = error.code ? ERROR_TEXT[error.code] : null
    return text ?? ((error.code && error.message) || fallback)
  }
  return (error instanceof Error && error.message) || fallback
}
