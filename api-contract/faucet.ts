// The local test USDC faucet (local mode only). Shared by server/ (validation, OpenAPI) and src/ (types only).
import { Type, type Static } from 'typebox'
import { UsdcAmount } from './common'

/** Whole USDC per request at most. */
export const FAUCET_MAX_USDC = 1000

export const FaucetRequest = Type.Object({
  wallet_address: Type.String({ minLength: 32, maxLength: 44, description: 'base58 address to fund' }),
  asset: Type.Literal('usdc'),
  amount: Type.Integer({ minimum: 1, maximum: FAUCET_MAX_USDC, description: 'whole USDC: 20 means 20 USDC' }),
})
export type FaucetRequest = Static<typeof FaucetRequest>

export const FaucetAnswer = Type.Object({
  /** the mint transaction (confirm it like any other before reading the balance) */
  signature: Type.String(),
  asset: Type.Literal('usdc'),
  amount: UsdcAmount,
  /** the wallet's associated token account the USDC went to (opened when it had none) */
  token_account: Type.String(),
})
export type FaucetAnswer = Static<typeof FaucetAnswer>
