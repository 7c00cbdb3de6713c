// Solana Actions (blinks) and Solana Pay transaction requests for donations. The shapes follow @solana/actions-spec 2.4 (ActionGetResponse, ActionPostRequest,
// ActionPostResponse, ActionError); clients must tolerate extra fields, and so do these schemas.
import { Type, type Static } from 'typebox'
import { CurrencyAmount, CurrencySchema } from './common'
import { ErrorBody } from './errors'

export const ActionsJson = Type.Object({
  rules: Type.Array(Type.Object({ pathPattern: Type.String(), apiPath: Type.String() })),
})
export type ActionsJson = Static<typeof ActionsJson>

export const ActionParameter = Type.Object(
  {
    type: Type.Optional(Type.String()),
    name: Type.String(),
    label: Type.Optional(Type.String()),
    required: Type.Optional(Type.Boolean()),
    pattern: Type.Optional(Type.String()),
    patternDescription: Type.Optional(Type.String()),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    options: Type.Optional(
      Type.Array(
        Type.Object({ label: Type.String(), value: Type.String(), selected: Type.Optional(Type.Boolean()) }),
      ),
    ),
  },
  { additionalProperties: true },
)

export const LinkedAction = Type.Object(
  {
    type: Type.Literal('transaction'),
    href: Type.String(),
    label: Type.String(),
    parameters: Type.Optional(Type.Array(ActionParameter)),
  },
  { additionalProperties: true },
)
export type LinkedAction = Static<typeof LinkedAction>

/** GET: what a blink client renders; `label` and `icon` are also the Solana Pay transaction request's answer. */
export const ActionGetResponse = Type.Object(
  {
    type: Type.Literal('action'),
    icon: Type.String({ description: 'absolute URL of a PNG or WebP image' }),
    title: Type.String(),
    description: Type.String(),
    label: Type.String(),
    disabled: Type.Optional(Type.Boolean()),
    error: Type.Optional(Type.Object({ message: Type.String() })),
    links: Type.Optional(Type.Object({ actions: Type.Array(LinkedAction) })),
  },
  { additionalProperties: true },
)
export type ActionGetResponse = Static<typeof ActionGetResponse>

/** POST body: the wallet that will sign; a blink form's inputs that are not in the URL come in `data`. */
export const ActionPostRequest = Type.Object(
  {
    account: Type.String({ maxLength: 64, description: 'base58 address of the signing wallet' }),
    type: Type.Optional(Type.String()),
    data: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]))),
  },
  { additionalProperties: true },
)
export type ActionPostRequest = Static<typeof ActionPostRequest>

export const ActionPostQuery = Type.Object({
  /** default sol; usdc builds TransferChecked of the configured USDC mint (GET /api/config/ usdc_mint) */
  currency: Type.Optional(Type.Enum(['sol', 'usdc', 'SOL', 'USDC'], { description: 'what the gift is in' })),
  amount: Type.Optional(
    Type.String({
      maxLength: 32,
      description: 'to the emergency, in the currency (≥ 0.001 SOL, ≥ 0.01 USDC)',
    }),
  ),
  tip_percent: Type.Optional(Type.String({ maxLength: 3, description: 'tip as a percent of the amount' })),
  tip: Type.Optional(
    Type.String({ maxLength: 32, description: 'tip in the currency (instead of tip_percent)' }),
  ),
  comment: Type.Optional(Type.String({ maxLength: 600 })),
  checkout: Type.Optional(Type.String({ maxLength: 64, description: "the PWA panel's id" })),
})
export type ActionPostQuery = Static<typeof ActionPostQuery>

export const ActionPostResponse = Type.Object(
  {
    type: Type.Literal('transaction'),
    transaction: Type.String({ description: 'base64 unsigned legacy transaction' }),
    message: Type.String(),
    links: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
)
export type ActionPostResponse = Static<typeof ActionPostResponse>

/** An Action error: `message` is the spec's field, the rest is our usual error body. */
export const ActionError = Type.Object({ message: Type.String(), ...ErrorBody.properties })
export type ActionError = Static<typeof ActionError>

/**
 * GET /api/actions/checkouts/{checkout}/?currency=&amount=&tip=: what the panel's QR code asks for, as its Action URL
 * has it. With an amount, only a payment of exactly that currency, amount and tip counts as the panel's; without
 * one, any payment made with the checkout id does.
 */
export const CheckoutQuery = Type.Object({
  currency: ActionPostQuery.properties.currency,
  amount: Type.Optional(Type.String({ maxLength: 32, description: "the panel's amount, in the currency" })),
  tip: Type.Optional(
    Type.String({ maxLength: 32, description: "the panel's tip in the currency (none: 0)" }),
  ),
})
export type CheckoutQuery = Static<typeof CheckoutQuery>

/** GET /api/actions/checkouts/{checkout}/: has the donation the PWA's QR panel showed arrived yet? */
export const CheckoutStatus = Type.Object({
  status: Type.Union([Type.Literal('waiting'), Type.Literal('opened'), Type.Literal('received')]),
  donation: Type.Union([
    Type.Object({
      currency: CurrencySchema,
      amount: CurrencyAmount,
      tip_amount: CurrencyAmount,
      tx_hash: Type.String(),
      donor_wallet: Type.String(),
    }),
    Type.Null(),
  ]),
})
export type CheckoutStatus = Static<typeof CheckoutStatus>
