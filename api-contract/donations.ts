// Donations and tips. Shared by server/ (validation, OpenAPI) and src/ (types only).
import { Type, type Static } from 'typebox'
import {
  CurrencyAmount,
  CurrencySchema,
  Id,
  ListQuery,
  SolAmount,
  SolInput,
  TxSignature,
  UsdcAmount,
} from './common'

/** POST emergency/donate/ after the transaction is confirmed: the server verifies it on-chain before recording. */
export const DonateRequest = Type.Object({
  emergency_id: Id,
  /** what amount and tip are in; default SOL. USDC: TransferChecked of the configured mint (GET /api/config/) */
  currency: Type.Optional(CurrencySchema),
  /** to the emergency's receiving wallet (≥ 0.001 SOL or ≥ 0.01 USDC); required ('Please enter donation amount.') */
  amount: Type.Optional(SolInput),
  tx_hash: TxSignature('signature of the donation transaction'),
  /** to the platform wallet (its USDC account for USDC) in the same transaction, in the same currency; default 0 */
  tip_amount: Type.Optional(Type.Union([SolInput, Type.Null()])),
  tip_included: Type.Optional(Type.Boolean()),
  comment: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
})
export type DonateRequest = Static<typeof DonateRequest>

export const Donation = Type.Object({
  id: Type.Integer(),
  /** what amount and tip_amount are in: SOL for every donation before USDC, and every one a client did not mark */
  currency: CurrencySchema,
  amount: CurrencyAmount,
  comment: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  tip_included: Type.Boolean(),
  tip_amount: CurrencyAmount,
  emergency_title: Type.String(),
  emergency_id: Type.Integer(),
  tx_hash: Type.String(),
  donor_wallet: Type.String(),
  /** false for a wallet that is not a user (a donation through a blink or a Solana Pay QR): shown by its address */
  donor_registered: Type.Boolean(),
})
export type Donation = Static<typeof Donation>

export const DonationFeedQuery = Type.Intersect([
  ListQuery,
  Type.Object({
    search: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'title substring, exact amount (SOL or USDC; "5 USDC" or "0.5 SOL" for one currency), or tx hash prefix',
      }),
    ),
  }),
])
export type DonationFeedQuery = Static<typeof DonationFeedQuery>

/** SOL and USDC apart: two figures, never a sum (there is no exchange rate here). */
export const DonationStats = Type.Object({
  total_donated: SolAmount,
  total_tips: SolAmount,
  usdc_donated: UsdcAmount,
  usdc_tips: UsdcAmount,
})
export type DonationStats = Static<typeof DonationStats>

/** GET emergency/my-totals/: what the signed-in campaigner raised across their emergencies (deleted ones aside). */
export const CampaignerTotals = Type.Object({
  emergency_count: Type.Integer(),
  /** SOL raised (the goals' currency) */
  total_raised: SolAmount,
  /** USDC raised, beside it (never added to it) */
  usdc_raised: UsdcAmount,
  /** donations in either currency */
  donation_count: Type.Integer(),
  /** distinct donor wallets (registered or not) */
  donor_count: Type.Integer(),
})
export type CampaignerTotals = Static<typeof CampaignerTotals>

export const LatestTip = Type.Object({
  id: Type.Integer(),
  /** the tip, in `currency` */
  amount: CurrencyAmount,
  currency: CurrencySchema,
  emergency_title: Type.String(),
  tx_hash: Type.String(),
})
export type LatestTip = Static<typeof LatestTip>

export const LatestTips = Type.Object({ results: Type.Array(LatestTip) })
export type LatestTips = Static<typeof LatestTips>

export const TipsTotal = Type.Object({ total_tips: SolAmount, usdc_tips: UsdcAmount })
export type TipsTotal = Static<typeof TipsTotal>

/** POST emergency/donate/recover/: a donation the app never recorded, proven by its signature alone. */
export const RecoverRequest = Type.Object({
  emergency_id: Id,
  tx_hash: TxSignature('signature of a transaction the signed-in wallet signed, paying the emergency'),
})
export type RecoverRequest = Static<typeof RecoverRequest>

/** 409 of a recovery: the signature is already recorded, as this donation. */
export const AlreadyRecorded = Type.Object({
  error: Type.String(),
  detail: Type.String(),
  code: Type.Literal('donation_already_recorded'),
  donation: Donation,
})
export type AlreadyRecorded = Static<typeof AlreadyRecorded>
