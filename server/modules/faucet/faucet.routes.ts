// POST /api/faucet/: test USDC for a wallet on the local ledger (the Sandbox wallet tops up with it). Registered in
// local mode only: on devnet and mainnet-beta the path is a 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { FaucetAnswer, FaucetRequest } from '../../../api-contract/faucet'
import type { Config } from '../../config'
import type { RpcClient } from '../../chain/rpc-client'
import { errors } from '../../lib/route-schema'
import { faucetService } from './faucet.service'

export const faucetRoutes: FastifyPluginAsync<{ config: Config; rpc: RpcClient; usdcMint: string }> = async (
  fastify,
  { config, rpc, usdcMint },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const faucet = faucetService({ rpc, usdcMint })
  const limit = config.rateLimits.faucet
  app.post(
    '/faucet/',
    {
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs }, writesDatabase: false },
      schema: {
        tags: ['faucet'],
        summary: 'Local mode only: mint test USDC to a wallet (its token account opened when missing)',
        body: FaucetRequest,
        response: { 200: FaucetAnswer, ...errors(400, 429, 503) },
      },
    },
    async (request) => faucet.give(request.body),
  )
}
