// GET /api/config/: the PWA's runtime settings, so one build serves every cluster and the product's constants
// (server/lib/product.ts) are never copied into the PWA.
import type { FastifyPluginAsync } from 'fastify'
import { PublicConfig } from '../../../api-contract/config'
import type { Config } from '../../config'
import {
  APP_NAME,
  BOOST_DAYS,
  BOOST_FEE_SOL,
  LISTING_FEE_SOL,
  MAX_UPLOAD_BYTES,
  TIP_PERCENT,
} from '../../lib/product'

export const configRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const answer: PublicConfig = {
    app_name: APP_NAME,
    public_url: config.publicUrl,
    cluster: config.cluster,
    rpc_url: config.publicRpcUrl,
    ws_url: config.publicWsUrl,
    explorer_url: explorerUrl(config),
    platform_wallet: config.platformWallet,
    listing_fee: LISTING_FEE_SOL,
    boost_fee: BOOST_FEE_SOL,
    boost_days: BOOST_DAYS,
    tip_percent: TIP_PERCENT,
    max_upload_bytes: MAX_UPLOAD_BYTES,
  }
  app.get(
    '/config/',
    {
      config: { readCache: 'always', changesWithTime: false },
      schema: { tags: ['config'], summary: 'Runtime settings for the PWA', response: { 200: PublicConfig } },
    },
    async () => answer,
  )
}

/** Solana Explorer base; links keep the query: `u = new URL(explorer_url); u.pathname = '/tx/' + sig`. */
export function explorerUrl(config: Pick<Config, 'cluster' | 'publicRpcUrl'>): string {
  if (config.cluster === 'mainnet-beta') return 'https://explorer.solana.com/'
  if (config.cluster === 'devnet') return 'https://explorer.solana.com/?cluster=devnet'
  return `https://explorer.solana.com/?cluster=custom&customUrl=${encodeURIComponent(config.publicRpcUrl)}`
}
