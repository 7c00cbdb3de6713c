// GET /api/config/: the PWA's runtime settings, so one build serves every cluster and the product's constants
// (server/lib/product.ts) are never copied into the PWA.
// The answer changes only with the configuration, i.e. with a restart: it is serialised once, with an ETag, and a
// client that already holds it gets a 304 (every PWA start asks for it). `public, no-cache`: the same for everyone
// (the PWA's service worker keeps it for offline use, server/plugins/public-answers.ts), revalidated each time, so a
// deployment that changes the cluster or the fees is seen at once.
import { createHash } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { PublicConfig } from '../../../api-contract/config'
import { USDC_DECIMALS } from '../../../api-contract/usdc-gift'
import type { Config } from '../../config'
import { explorerUrl } from '../../lib/explorer'
import { PUBLIC_ANSWER } from '../../plugins/public-answers'
import {
  APP_NAME,
  BOOST_DAYS,
  BOOST_FEE_SOL,
  LISTING_FEE_SOL,
  MAX_UPLOAD_BYTES,
  TIP_PERCENT,
} from '../../lib/product'

export const configRoutes: FastifyPluginAsync<{ config: Config; usdcMint: string | undefined }> = async (
  app,
  { config, usdcMint },
) => {
  const answer: PublicConfig = {
    app_name: APP_NAME,
    public_url: config.publicUrl,
    cluster: config.cluster,
    rpc_url: config.publicRpcUrl,
    ws_url: config.publicWsUrl,
    explorer_url: explorerUrl(config),
    platform_wallet: config.platformWallet,
    usdc_mint: usdcMint ?? null,
    usdc_decimals: USDC_DECIMALS,
    listing_fee: LISTING_FEE_SOL,
    boost_fee: BOOST_FEE_SOL,
    boost_days: BOOST_DAYS,
    tip_percent: TIP_PERCENT,
    max_upload_bytes: MAX_UPLOAD_BYTES,
    push_public_key: config.push.vapid.publicKey,
  }
  const body = JSON.stringify(answer)
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  app.get(
    '/config/',
    {
      schema: {
        tags: ['config'],
        summary: 'Runtime settings for the PWA',
        description:
          'Sent with an ETag and `Cache-Control: public, no-cache`; If-None-Match with it answers 304.',
        response: { 200: PublicConfig, 304: { type: 'null', description: 'Not modified' } },
      },
    },
    (request, reply) => {
      reply.header('cache-control', PUBLIC_ANSWER).header('etag', etag)
      if (matchesEtag(request.headers['if-none-match'], etag)) reply.code(304).send()
      else reply.header('content-type', 'application/json; charset=utf-8').send(body)
    },
  )
}

/** If-None-Match holds this ETag (or `*`); a weak form counts too (a proxy that compresses weakens it). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}
