// /api/airdrop/investment/* and the admin intents list. Thin handlers: schema, service call, reply.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import {
  ApproveIntentResponse,
  CampaignIdParam,
  IntentIdParams,
  IntentMessage,
  InvestmentIntent,
  SubmitIntentRequest,
} from '../../../api-contract/investments'
import { listRoute } from '../../lib/list-route'
import type { RouteDeps } from '../../lib/route-deps'
import { errors } from '../../lib/route-schema'
import { signedIn } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import { investmentsService } from './investments.service'

const tags = ['investments']
const MY_PAGE = 8
const ADMIN_PAGE = 10

export const investmentsRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { config, db, clock }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const intents = investmentsService({ db, clock })

  app.post(
    '/airdrop/investment/:campaign_id/submit/',
    {
      config: { rateLimit: { max: 30, timeWindow: 10 * 60_000 } },
      ...signedIn(app, 'user', {
        tags,
        summary: 'Express interest in a listed campaign (approved KYC needed; not my own campaign)',
        params: CampaignIdParam,
        body: SubmitIntentRequest,
        response: { 201: InvestmentIntent, ...errors(400, 403, 404) },
      }),
    },
    async (request, reply) => {
      const created = await intents.submit(signedInUser(request), request.params.campaign_id, request.body)
      return reply.code(201).send(created)
    },
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/airdrop/investment/my/',
      tags,
      summary: 'My investment intents, newest first, 8 per page',
      access: 'user',
      item: InvestmentIntent,
      pageSize: MY_PAGE,
    },
    (request, at) => intents.page(signedInUser(request).id, at),
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/airdrop/admin/investment-intents/',
      tags,
      summary: 'All investment intents, newest first (admin)',
      access: 'admin',
      item: InvestmentIntent,
      pageSize: ADMIN_PAGE,
    },
    (_request, at) => intents.page(null, at),
  )

  app.post(
    '/airdrop/investment/:id/approve/',
    signedIn(app, 'admin', {
      tags,
      summary: "Approve a pending intent: opens the chat, status 'merged' (admin)",
      params: IntentIdParams,
      response: { 200: ApproveIntentResponse, ...errors(400, 404, 409) },
    }),
    async (request) => intents.approve(signedInUser(request), request.params.id),
  )

  app.post(
    '/airdrop/investment/:id/reject/',
    signedIn(app, 'admin', {
      tags,
      summary: 'Reject a pending intent (admin)',
      params: IntentIdParams,
      response: { 200: IntentMessage, ...errors(400, 404, 409) },
    }),
    async (request) => intents.reject(signedInUser(request), request.params.id),
  )
}
