// Flags (anyone, rate-limited per IP) and the admin review queue.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import {
  EmergencyIdParams,
  FlaggedEmergency,
  FlagRecord,
  FlagRequest,
  MessageResponse,
  ReviewRequest,
} from '../../../api-contract/emergencies'
import { listRoute } from '../../lib/list-route'
import type { RouteDeps } from '../../lib/route-deps'
import { errors } from '../../lib/route-schema'
import { signedIn } from '../../lib/signed-in'
import { emergencyListsService, LIST_PAGE } from './emergency-lists.service'
import { type FlagsDeps, flagsService } from './flags.service'

const FLAG_PAGE = 50

/** Flags per client IP: enough for a real report, too few to bury the review queue. */
export const FLAG_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 }

const tags = ['emergencies']

export const flagsRoutes: FastifyPluginAsync<RouteDeps & Pick<FlagsDeps, 'onScamConfirmed'>> = async (
  fastify,
  { config, db, clock, onScamConfirmed },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const flags = flagsService({ config, db, clock, onScamConfirmed })
  const lists = emergencyListsService({ config, db, clock })

  app.post(
    '/emergency/:id/flag/',
    {
      config: { rateLimit: FLAG_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Flag an emergency as a scam (signed in or not; once per address and account; never my own)',
        params: EmergencyIdParams,
        body: FlagRequest,
        response: { 200: MessageResponse, ...errors(400, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: await flags.flag(request.params.id, request.body.reason, request.ip, request.user),
    }),
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/emergency/admin/flagged/',
      tags,
      summary: 'Flagged emergencies awaiting review (admin)',
      access: 'admin',
      item: FlaggedEmergency,
      pageSize: LIST_PAGE,
    },
    (_request, at) => lists.flagged(at),
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/emergency/admin/:id/flags/',
      tags,
      summary: "An emergency's open flags, newest first (admin)",
      access: 'admin',
      params: EmergencyIdParams,
      item: FlagRecord,
      pageSize: FLAG_PAGE,
    },
    (request, at) => flags.flagsOf((request.params as EmergencyIdParams).id, at),
  )

  app.post(
    '/emergency/admin/:id/review/',
    signedIn(app, 'admin', {
      tags,
      summary: 'Review the flags (admin): approve = confirmed scam, triage = under review, reject = cleared',
      params: EmergencyIdParams,
      body: ReviewRequest,
      response: { 200: MessageResponse, ...errors(400, 404, 409) },
    }),
    async (request) => ({
      message: await flags.review(request.params.id, request.body.action, request.body.comment),
    }),
  )
}
