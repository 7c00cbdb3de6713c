// What every Solana Action response carries: open CORS, the spec
// version and the cluster's CAIP-2 id; errors as the spec's `{message}` (plus our usual fields).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { handleError } from '../../plugins/errors'

/** The Actions spec version these routes implement (@solana/actions-spec 2.4.2). */
export const ACTION_VERSION = '2.4.2'

/**
 * CAIP-2 id of a Solana cluster: `solana:` + the first 32 characters of its genesis hash (mainnet-beta
 * `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, devnet `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`). The local
 * ledger gets its own the same way from its own genesis hash, so no client mistakes it for a public cluster.
 * @see https://namespaces.chainagnostic.org/solana/caip2
 */
export const caip2 = (genesisHash: string) => `solana:${genesisHash.slice(0, 32)}`

export function actionHeaders(blockchainId: string): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET,POST,PUT,OPTIONS',
    'access-control-allow-headers':
      'Content-Type, Authorization, Content-Encoding, Accept-Encoding, X-Accept-Action-Version, X-Accept-Blockchain-Ids',
    'access-control-expose-headers': 'X-Action-Version, X-Blockchain-Ids',
    'x-action-version': ACTION_VERSION,
    'x-blockchain-ids': blockchainId,
  }
}

/** The chains a client said it accepts (`X-Accept-Blockchain-Ids`), or undefined when it said nothing. */
export function acceptedChains(request: FastifyRequest): string[] | undefined {
  const header = request.headers['x-accept-blockchain-ids']
  const text = Array.isArray(header) ? header.join(',') : header
  if (!text?.trim()) return undefined
  return text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
}

/** The one error handler, with the Actions spec's `message` added beside `error`, `detail` and `code`. */
export function handleActionError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.serializer((body: unknown) => {
    const b = body as { error?: string }
    return JSON.stringify(b && typeof b.error === 'string' ? { message: b.error, ...b } : body)
  })
  return handleError(error, request, reply)
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads a per-route override here; `false` leaves CORS to the route. */
    cors?: false | Record<string, unknown>
  }
}
