// Every error response of the API: {error, detail, code}. `error` is the spec's text where it has one.
import { Type, type Static } from 'typebox'

export const ErrorBody = Type.Object(
  {
    error: Type.String(),
    detail: Type.String(),
    code: Type.String(),
    /** a finer code where one code covers several causes: a 422 `payment_not_verified` says which (PaymentFailure) */
    reason: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody' },
)
export type ErrorBody = Static<typeof ErrorBody>

/**
 * Why the chain does not prove a payment: the `reason` of a 422 `payment_not_verified`, whose `error` is the spec's
 * text for it ('not found on-chain', 'wrong amount' …). Code branches on these, never on the text.
 */
export type PaymentFailure =
  | 'not_found_on_chain'
  | 'transaction_failed'
  | 'wrong_recipient'
  | 'wrong_amount'
  | 'not_signed_by_payer'
  | 'sent_from_recipient'
  | 'wrong_mint'

/** Every code the server sends, closed: a new code is added here, and the PWA's table (src/lib/error-text.ts)
 * decides what a user reads for it. */
export type ErrorCode =
  | 'validation_error'
  | 'bad_request'
  | 'invalid_wallet'
  | 'invalid_email'
  | 'invalid_amount'
  | 'invalid_signature'
  | 'invalid_message'
  | 'nonce_expired'
  | 'nonce_used'
  | 'wallet_not_registered'
  | 'wallet_already_registered'
  | 'authentication_required'
  | 'invalid_token'
  | 'token_expired'
  | 'invalid_refresh_token'
  | 'refresh_token_reused'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'shutting_down'
  | 'service_unavailable'
  | 'ledger_unavailable'
  | 'payment_not_verified'
  | 'payment_already_processed'
  // a recovery's signature is already a donation (a 409 with it); a boost's or a fee's is payment_already_processed
  | 'donation_already_recorded'
  | 'internal_error'
  | 'invalid_text'
  // emergencies, flags, boost (api-contract/emergencies.ts)
  | 'proof_images_required'
  | 'invalid_deadline'
  | 'invalid_video_url'
  | 'receiving_wallet_locked'
  | 'under_review'
  | 'not_flagged'
  | 'reason_required'
  // airdrop: KYC, campaigns, listing fee, investments, chat (api-contract/kyc.ts, airdrops.ts, investments.ts, chat.ts)
  | 'kyc_already_submitted'
  | 'kyc_not_pending'
  | 'payment_already_verified'
  | 'payment_not_pending'
  | 'intent_not_pending'
  // wallet relay (api-contract/wallet-relay.ts)
  | 'relay_taken'
  // reads under load (server/db/saturation.ts, server/lib/cursor.ts)
  | 'invalid_cursor'
  | 'database_busy'
  // uploads (server/storage) and Actions (server/modules/actions)
  | 'storage_quota_exceeded'
  | 'uploads_busy'
  | 'upload_abandoned'
  | 'cluster_mismatch'
  // sessions (server/plugins/auth.ts) and flags (server/modules/emergencies/flags.service.ts)
  | 'session_ended'
  | 'flag_cooldown'
  | 'already_flagged'
  | 'own_emergency'
  // live donation streams (server/modules/live)
  | 'too_many_streams'
