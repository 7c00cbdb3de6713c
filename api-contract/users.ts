// Accounts and sign-in (docs/interfaces.md). Shared by server/ (validation, OpenAPI) and src/ (types only).
import { Type, type Static } from 'typebox'

const WalletAddress = Type.String({ minLength: 1, maxLength: 64, description: 'base58 Solana address' })

export const WalletQuery = Type.Object({ wallet_address: WalletAddress })
export type WalletQuery = Static<typeof WalletQuery>

export const NonceResponse = Type.Object({
  message: Type.String({ description: 'Sign-In With Solana message to sign, byte for byte' }),
  nonce: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
})
export type NonceResponse = Static<typeof NonceResponse>

export const LoginRequest = Type.Object({
  wallet_address: WalletAddress,
  signature: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'base58 Ed25519 signature of message',
  }),
  message: Type.String({ minLength: 1, maxLength: 2048 }),
})
export type LoginRequest = Static<typeof LoginRequest>

export const RegisterRequest = Type.Object({
  wallet_address: WalletAddress,
  email: Type.String({ maxLength: 254 }),
  signature: Type.String({ minLength: 1, maxLength: 128 }),
  message: Type.String({ minLength: 1, maxLength: 2048 }),
})
export type RegisterRequest = Static<typeof RegisterRequest>

export const TokenPair = Type.Object({
  access: Type.String({ description: 'JWT (HS256), valid 15 minutes' }),
  refresh: Type.String({ description: 'opaque, single use, valid 30 days' }),
})
export type TokenPair = Static<typeof TokenPair>

export const RefreshRequest = Type.Object({ refresh: Type.String({ minLength: 1, maxLength: 256 }) })
export type RefreshRequest = Static<typeof RefreshRequest>

export const CheckWalletResponse = Type.Object({ registered: Type.Boolean() })
export type CheckWalletResponse = Static<typeof CheckWalletResponse>

export const KycStatus = Type.Enum(['not_submitted', 'pending', 'approved', 'rejected'])
export type KycStatus = Static<typeof KycStatus>

export const Me = Type.Object({
  id: Type.Integer(),
  wallet_address: Type.String(),
  email: Type.String(),
  is_admin: Type.Boolean(),
  kyc: Type.Object({ status: KycStatus }),
  created_at: Type.String({ format: 'date-time' }),
})
export type Me = Static<typeof Me>
