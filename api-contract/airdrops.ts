// Airdrop campaigns and their listing fee. POST airdrop/campaigns/create/ is
// multipart/form-data with the CampaignFields below as text and an optional `image` file (public).
import { Type, type Static } from 'typebox'
import { Id, SolAmount, TxSignature } from './common'

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])

export const Campaign = Type.Object({
  id: Type.Integer(),
  /** owner's user id */
  user: Type.Integer(),
  owner_wallet: Type.String(),
  project_name: Type.String(),
  description: Type.String(),
  website: Nullable(Type.String()),
  twitter_handle: Nullable(Type.String()),
  github_url: Nullable(Type.String()),
  sol_goal: SolAmount,
  receiving_wallet: Type.String(),
  image: Nullable(Type.String({ description: 'absolute URL (GET /api/media/{name})' })),
  /** listed = listing fee verified or approved ('Verified'); unlisted = 'Payment Pending' */
  is_listed: Type.Boolean(),
  has_investor_involved: Type.Boolean(),
  amount_released: SolAmount,
  created_at: Type.String({ format: 'date-time' }),
})
export type Campaign = Static<typeof Campaign>

export const CampaignPaymentSummary = Type.Object({
  tx_hash: Type.String(),
  amount: SolAmount,
  confirmed: Type.Boolean(),
  rejected: Type.Boolean(),
  /** confirmed by an admin while the ledger could not be reached; not verified on-chain yet */
  unverified: Type.Boolean(),
})

export const CampaignIntentSummary = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  chat_session_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
})
export type CampaignIntentSummary = Static<typeof CampaignIntentSummary>

/** GET airdrop/campaigns/my/: the campaign, its latest listing-fee claim (null before any) and its intents. */
export const MyCampaign = Type.Intersect([
  Campaign,
  Type.Object({
    payment: Type.Union([CampaignPaymentSummary, Type.Null()]),
    investment_intents: Type.Array(CampaignIntentSummary),
  }),
])
export type MyCampaign = Static<typeof MyCampaign>

export const CampaignFields = Type.Object({
  project_name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ minLength: 1, maxLength: 10_000 }),
  website: Type.Optional(Type.String({ format: 'uri' })),
  twitter_handle: Type.Optional(Type.String({ maxLength: 100 })),
  github_url: Type.Optional(Type.String({ format: 'uri' })),
  sol_goal: Type.String({ description: 'SOL, decimal, ≥ 0.01' }),
  receiving_wallet: Type.String({ description: 'base58 Ed25519 public key' }),
})
export type CampaignFields = Static<typeof CampaignFields>

export const CampaignIdParams = Type.Object({ id: Id })
export type CampaignIdParams = Static<typeof CampaignIdParams>

export const SubmitPaymentRequest = Type.Object({
  tx_hash: TxSignature('signature of a 0.5 SOL transfer from your wallet to platform_wallet'),
})
export type SubmitPaymentRequest = Static<typeof SubmitPaymentRequest>

/** 200 'Payment verified and campaign listed.'; 202 'Payment received; it will be verified by an admin.' */
export const PaymentMessage = Type.Object({
  message: Type.String(),
  /** on an admin approval: false when the payment could not be verified on-chain (the ledger was unreachable) */
  verified: Type.Optional(Type.Boolean()),
})
export type PaymentMessage = Static<typeof PaymentMessage>

export const CampaignPayment = Type.Object({
  id: Type.Integer(),
  campaign: Type.Integer(),
  campaign_name: Type.String(),
  amount: SolAmount,
  tx_hash: Type.String(),
  confirmed: Type.Boolean(),
  rejected: Type.Boolean(),
  /** approved by an admin without on-chain proof (ledger unreachable); verified when the ledger is back */
  unverified: Type.Boolean(),
  submitted_at: Type.String({ format: 'date-time' }),
})
export type CampaignPayment = Static<typeof CampaignPayment>

export const PaymentDecisionRequest = Type.Object({ payment_id: Id })
export type PaymentDecisionRequest = Static<typeof PaymentDecisionRequest>
