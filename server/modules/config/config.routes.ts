// GET /api/config/: the PWA's runtime settings (DESIGN §3).
import type { FastifyPluginAsync } from 'fastify'
import { PublicConfig } from '../../../api-contract/config'
import type { Config } from '../../config'

export const APP_NAME = 'Lifeline'
export const LISTING_FEE_SOL = '0.5'
export const BOOST_FEE_SOL = '0.1'
export const BOOST_DAYS = 7
export const TIP_PERCENT = 5
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

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
      config: { readCache: 'always' },
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
