// GET /api/health/: for load balancers and start-up scripts; 503 while the database or the ledger does not answer.
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'

const Health = Type.Object({ status: Type.Literal('ok') })

/** `probeLedger`: false on a server built without a ledger, whose readiness does not depend on one. */
export const healthRoutes: FastifyPluginAsync<{ db: Db; chain: Chain; probeLedger: boolean }> = async (
  app,
  { db, chain, probeLedger },
) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and ledger readiness',
        response: { 200: Health, 503: Type.Ref('ErrorBody') },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        await db.execute(sql`select 1`)
      } catch {
        throw new AppError('service_unavailable', 'The database is not answering.', 503)
      }
      try {
        if (probeLedger) await chain.rpc.call('getHealth')
      } catch {
        throw new AppError('ledger_unavailable', 'The ledger is not answering.', 503)
      }
      return { status: 'ok' as const }
    },
  )
}
