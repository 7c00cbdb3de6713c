// KYC. POST airdrop/kyc/submit/ is multipart/form-data: full_name, country,
// full_address, id_type (default passport), id_image (JPEG/PNG/WebP ≤ 5 MB). The ID image is private: `id_image`
// is the URL of an authenticated download (owner and admins only), never a public path.
import { Type, type Static } from 'typebox'
import { Id } from './common'

export const IdType = Type.Union([
  Type.Literal('passport'),
  Type.Literal('national_id'),
  Type.Literal('driver_license'),
])
export type IdType = Static<typeof IdType>

export const KycSubmissionStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
])

export const KycSubmission = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  country: Type.String(),
  full_address: Type.String(),
  id_type: IdType,
  status: KycSubmissionStatus,
  rejection_reason: Type.Union([Type.String(), Type.Null()]),
  submitted_at: Type.String({ format: 'date-time' }),
  id_image: Type.String({
    description: 'URL of the private ID image (bearer token of the owner or an admin)',
  }),
})
export type KycSubmission = Static<typeof KycSubmission>

/** The admin queue adds who submitted. */
export const AdminKycSubmission = Type.Intersect([
  KycSubmission,
  Type.Object({ user: Type.Integer(), wallet_address: Type.String(), email: Type.String() }),
])
export type AdminKycSubmission = Static<typeof AdminKycSubmission>

export const KycMe = Type.Union([KycSubmission, Type.Object({ status: Type.Literal('not_submitted') })])
export type KycMe = Static<typeof KycMe>

export const KycReviewRequest = Type.Object({
  action: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
  reason: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
})
export type KycReviewRequest = Static<typeof KycReviewRequest>

export const IdParams = Type.Object({ id: Id })
export type IdParams = Static<typeof IdParams>

export const MessageResponse = Type.Object({ message: Type.String() })
export type MessageResponse = Static<typeof MessageResponse>
