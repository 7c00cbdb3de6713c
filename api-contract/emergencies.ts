// Emergencies, boosts and flags. Shared by server/ (validation, OpenAPI) and src/ (types).
// Create and update are multipart/form-data (fields below as text, proof_images as repeated files).
import { Type, type Static } from 'typebox'
import { Id, ListQuery, SolAmount, UsdcAmount, TxSignature } from './common'

export const ProofImage = Type.Object({
  id: Type.Integer(),
  image: Type.String({ description: 'absolute URL of the image (GET /api/media/{name})' }),
  /** Absent in answers cached before it existed: the PWA then shows `image` alone. */
  variants: Type.Optional(
    Type.Array(
      Type.Object({
        width: Type.Integer({ description: 'at most this many pixels wide (never enlarged)' }),
        image: Type.String({ description: 'absolute URL of the WebP copy (GET /api/media/{name})' }),
      }),
      { description: 'WebP copies of the image at a few widths, for srcset' },
    ),
  ),
})
export type ProofImage = Static<typeof ProofImage>

export const Emergency = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  sol_goal: SolAmount,
  deadline: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  receiving_wallet: Type.String(),
  /**
   * true once donations were received: the wallet can no longer change (an edit answers 409
   * `receiving_wallet_locked`), so the edit form shows it read-only with that reason
   */
  receiving_wallet_locked: Type.Boolean(),
  video_url: Type.Union([Type.String(), Type.Null()]),
  proof_images: Type.Array(ProofImage),
  /** SOL raised (the goal's currency) */
  total_donated: SolAmount,
  /** USDC raised, its own figure beside total_donated (no exchange rate: never added to it) */
  usdc_donated: UsdcAmount,
  /** donations in either currency */
  donation_count: Type.Integer(),
  /** boost_expires_at is in the future */
  is_featured: Type.Boolean(),
  boost_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /**
   * shown as 'Under Review' (an admin triaged the flags, or 3 reporters flagged it; a confirmed scam seen by its
   * owner): the donate page warns before the donor signs
   */
  is_flagged: Type.Boolean(),
  owner: Type.Object({ id: Type.Integer(), wallet_address: Type.String() }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type Emergency = Static<typeof Emergency>

export const EmergencyListQuery = Type.Intersect([
  ListQuery,
  Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) }),
])
export type EmergencyListQuery = Static<typeof EmergencyListQuery>

export const EmergencyIdParams = Type.Object({ id: Id })
export type EmergencyIdParams = Static<typeof EmergencyIdParams>

/** Fields of POST emergency/create/ (multipart). PATCH emergency/update/{id}/ takes the same, all optional, plus
 * delete_images: a JSON list of proof image ids, e.g. "[3,4]". */
export const EmergencyFields = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ minLength: 1, maxLength: 10_000 }),
  sol_goal: Type.String({ description: 'SOL, decimal' }),
  deadline: Type.String({ format: 'date' }),
  receiving_wallet: Type.String({ description: 'base58 Ed25519 public key' }),
  video_url: Type.Optional(Type.String({ description: 'YouTube or Vimeo link' })),
})
export type EmergencyFields = Static<typeof EmergencyFields>

export const DeleteEmergencyResponse = Type.Object({ message: Type.String() })
export type DeleteEmergencyResponse = Static<typeof DeleteEmergencyResponse>

export const BoostRequest = Type.Object({
  emergency_id: Id,
  tx_hash: TxSignature('signature of a 0.1 SOL transfer to platform_wallet'),
})
export type BoostRequest = Static<typeof BoostRequest>

export const BoostResponse = Type.Object({
  message: Type.String(),
  boost_expires_at: Type.String({ format: 'date-time' }),
  emergency: Emergency,
})
export type BoostResponse = Static<typeof BoostResponse>

export const FlagRequest = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1000 })) })
export type FlagRequest = Static<typeof FlagRequest>

export const MessageResponse = Type.Object({ message: Type.String() })
export type MessageResponse = Static<typeof MessageResponse>

/** One flag, as the admin sees it. */
export const FlagRecord = Type.Object({
  id: Type.Integer(),
  reason: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  /** the reporter's address as a salted hash: the same reporter shows the same text, the address never shows */
  reporter: Type.String(),
  /** the reporter's account when they were signed in */
  user_id: Type.Union([Type.Integer(), Type.Null()]),
})
export type FlagRecord = Static<typeof FlagRecord>

export const FlaggedEmergency = Type.Intersect([
  Emergency,
  Type.Object({
    /** the latest flag's reason, reporter (its hash: no address is kept) and time */
    flagged_reason: Type.Union([Type.String(), Type.Null()]),
    flagged_ip: Type.Union([Type.String(), Type.Null()]),
    flagged_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    review_status: Type.Union([
      Type.Literal('none'),
      Type.Literal('pending'),
      Type.Literal('confirmed_scam'),
    ]),
    /** open flags, one per reporter */
    flag_count: Type.Integer(),
    /** when an admin put it under public review (action 'triage'), or null */
    triaged_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** the latest open flags, newest first, at most 20 (all: GET emergency/admin/{id}/flags/) */
    flags: Type.Array(FlagRecord),
  }),
])
export type FlaggedEmergency = Static<typeof FlaggedEmergency>

export const ReviewRequest = Type.Object({
  action: Type.Union([Type.Literal('approve'), Type.Literal('triage'), Type.Literal('reject')], {
    description:
      'approve = confirmed scam (hidden from public lists, its donors told); triage = shown as under review ' +
      'while the admin looks into it; reject = flags cleared',
  }),
  comment: Type.Optional(Type.String({ maxLength: 1000 })),
})
export type ReviewRequest = Static<typeof ReviewRequest>
