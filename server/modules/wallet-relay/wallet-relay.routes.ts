// /api/wallet-relay/{request_id}/: POST hands a wallet's encrypted answer over, GET takes it (once).
// Neither route is logged (`logLevel: 'silent'`): the request id is the only key to an answer, and the
// request logger would otherwise print it with every URL (server/plugins/log-redaction.ts covers the
// callback page's own URL).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { RelayedAnswer, RelayParams, RelayStored } from '../../../api-contract/wallet-relay'
import type { RouteDeps } from '../../lib/route-deps'
import { errors, limited } from '../../lib/route-schema'
import { walletRelayService } from './wallet-relay.service'

/** Answers are a few hundred bytes; a signed transaction about 1 KB. */
export const RELAY_BODY_LIMIT = 4096

const tags = ['wallet-relay']

export const walletRelayRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { config, db, clock }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const relay = walletRelayService({ db, clock })

  app.post(
    '/wallet-relay/:request_id/',
    {
      logLevel: 'silent',
      bodyLimit: RELAY_BODY_LIMIT,
      config: limited(config.rateLimits.relayWrite),
      schema: {
        tags,
        summary: "Hand a wallet's still-encrypted deep-link answer to the device that asked",
        params: RelayParams,
        body: RelayedAnswer,
        response: { 201: RelayStored, ...errors(400, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      await relay.put(request.params.request_id, request.body)
      return reply.code(201).send({ stored: true })
    },
  )

  app.get(
    '/wallet-relay/:request_id/',
    {
      logLevel: 'silent',
      config: limited(config.rateLimits.relayRead),
      schema: {
        tags,
        summary: "Take (once) the wallet's answer to a request this device sent",
        params: RelayParams,
        response: { 200: RelayedAnswer, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return relay.take(request.params.request_id)
    },
  )
}
