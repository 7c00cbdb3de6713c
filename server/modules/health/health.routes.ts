// GET /api/health/: for load balancers and start-up scripts; 503 while the database or the ledger does not answer.
// It also names the background loops this instance runs (server/jobs/jobs.ts): with several instances, each loop
// is in exactly one answer.
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import type { Jobs } from '../../jobs/jobs'
import { AppError } from '../../lib/errors'

const Health = Type.Object({
  status: Type.Literal('ok'),
  /** the background loops running on this instance, by name (e.g. reference-watcher) */
  loops: Type.Array(Type.String()),
})

interface HealthOptions {
  db: Db
  chain: Chain
  /** false on a server built without a ledger, whose readiness does not depend on one */
  probeLedger: boolean
  jobs: Pick<Jobs, 'running'>
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (
  app,
  { db, chain, probeLedger, jobs },
) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and ledger readiness, and the background loops this instance runs',
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
      return { status: 'ok' as const, loops: jobs.running().sort() }
    },
  )
}
