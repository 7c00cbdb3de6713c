// /api/wallet-relay/{request_id}/: the blind relay between a wallet's callback page in one browser and the page
// (or home-screen app) that asked in another (issue 7; docs/decisions/007-phone-wallets.md). Only the wallet's
// answer parameters, still encrypted: an approval (nonce + data, plus the wallet's key on connect) or a refusal
// (errorCode + errorMessage). Sizes are capped: an answer is a few hundred bytes, a signed transaction ~1 KB.
import { Type, type Static } from 'typebox'

const base58 = (maxLength: number) => Type.String({ pattern: '^[1-9A-HJ-NP-Za-km-z]+$', maxLength })

export const RelayedAnswer = Type.Object(
  {
    phantom_encryption_public_key: Type.Optional(base58(64)),
    solflare_encryption_public_key: Type.Optional(base58(64)),
    nonce: Type.Optional(base58(64)),
    data: Type.Optional(base58(3000)),
    errorCode: Type.Optional(Type.String({ pattern: '^-?[0-9]{1,6}$' })),
    errorMessage: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
)
export type RelayedAnswer = Static<typeof RelayedAnswer>

export const RelayParams = Type.Object({
  request_id: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$', description: '128 random bits, base64url' }),
})
export type RelayParams = Static<typeof RelayParams>

export const RelayStored = Type.Object({ stored: Type.Boolean() })
export type RelayStored = Static<typeof RelayStored>
