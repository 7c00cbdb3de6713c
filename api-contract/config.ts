// GET /api/config/: the PWA's runtime settings, so one build serves every cluster.
import { Type, type Static } from 'typebox'

export const PublicConfig = Type.Object({
  app_name: Type.String(),
  public_url: Type.String({
    description: 'PUBLIC_URL: the origin users reach; wallets send phone users back to it (deep links)',
  }),
  cluster: Type.Union([Type.Literal('local'), Type.Literal('devnet'), Type.Literal('mainnet-beta')]),
  rpc_url: Type.String(),
  ws_url: Type.String(),
  explorer_url: Type.String({ description: 'append /tx/{signature} or /address/{address}, keep the query' }),
  platform_wallet: Type.String(),
  usdc_mint: Type.Union([Type.String(), Type.Null()], {
    description:
      'the USDC mint donations in USDC use (classic SPL Token program); null only when the server has no ledger',
  }),
  usdc_decimals: Type.Integer({ description: "USDC's decimals on chain (6)" }),
  listing_fee: Type.String({ description: 'SOL, decimal string' }),
  boost_fee: Type.String({ description: 'SOL, decimal string' }),
  boost_days: Type.Integer(),
  tip_percent: Type.Number(),
  max_upload_bytes: Type.Integer(),
  push_public_key: Type.String({
    description: "VAPID public key (base64url): PushManager.subscribe's applicationServerKey",
  }),
})
export type PublicConfig = Static<typeof PublicConfig>
