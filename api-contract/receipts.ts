// Receipts and exports of donations. Shared by server/ (validation, OpenAPI) and src/ (types only).
import { Type, type Static } from 'typebox'
import { CurrencyAmount, CurrencySchema } from './common'

/** A donation's signature, as the receipt's path names it (base58, 64 bytes: 87 or 88 characters). */
export const ReceiptParams = Type.Object({
  tx_hash: Type.String({ pattern: '^[1-9A-HJ-NP-Za-km-z]{64,88}$', maxLength: 88 }),
})
export type ReceiptParams = Static<typeof ReceiptParams>

/**
 * GET receipts/{tx_hash}/: the record of one credited donation's on-chain transfer (not a tax receipt). Every
 * field but the title is fixed once written; `slot`, `block_time` and `cluster` are the chain's, read when the
 * donation was verified.
 */
export const Receipt = Type.Object({
  tx_hash: Type.String(),
  emergency: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    /** the wallet the transfer paid: the emergency's receiving wallet when the transaction was confirmed */
    receiving_wallet: Type.String(),
  }),
  /** the wallet that signed and paid */
  donor_wallet: Type.String(),
  currency: CurrencySchema,
  /** what reached the receiving wallet (its USDC account for USDC), in `currency` */
  amount: CurrencyAmount,
  /** what reached the platform wallet in the same transaction, in `currency` */
  tip_amount: CurrencyAmount,
  comment: Type.Union([Type.String(), Type.Null()]),
  /** when Lifeline recorded it */
  created_at: Type.String({ format: 'date-time' }),
  slot: Type.Integer(),
  /** the block's time as the cluster reports it (null when the node did not know it) */
  block_time: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** local, devnet or mainnet-beta */
  cluster: Type.String(),
  /** the transaction on Solana Explorer */
  explorer_url: Type.String(),
})
export type Receipt = Static<typeof Receipt>

/** POST download-links/: a link that downloads one export without an Authorization header. */
export const DownloadLinkRequest = Type.Object({
  /** the export's path, e.g. /api/emergency/12/donations.csv */
  path: Type.String({ pattern: '^/api/[A-Za-z0-9._/-]+$', maxLength: 200 }),
})
export type DownloadLinkRequest = Static<typeof DownloadLinkRequest>

export const DownloadLink = Type.Object({
  /** absolute URL with a `download_token` good for that path, for that user, until `expires_at` */
  url: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
})
export type DownloadLink = Static<typeof DownloadLink>

/** The CSV exports' query: a download link's token stands in for the Authorization header. */
export const DownloadQuery = Type.Object({
  download_token: Type.Optional(Type.String({ maxLength: 2000 })),
})
export type DownloadQuery = Static<typeof DownloadQuery>
