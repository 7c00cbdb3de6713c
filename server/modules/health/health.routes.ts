// GET /api/health/: for load balancers and start-up scripts; 503 while the database does not answer.
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'

const Health = Type.Object({ status: Type.Literal('ok') })

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: { 200: Health, 503: Type.Ref('ErrorBody') },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`)
      } catch {
        throw new AppError('service_unavailable', 'The database is not answering.', 503)
      }
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const }
    },
  )
}
