// /api/emergency/*: emergencies, lists and boost. Thin handlers: schema validation, a service call, the reply.
import multipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { type CursorPage, CursorPaginated, ListQuery } from '../../../api-contract/common'
import {
  BoostRequest,
  BoostResponse,
  DeleteEmergencyResponse,
  Emergency,
  EmergencyIdParams,
  EmergencyListQuery,
} from '../../../api-contract/emergencies'
import type { LedgerClock } from '../../chain/ledger-clock'
import type { Config } from '../../config'
import { listRoute } from '../../lib/list-route'
import { readScopes } from '../../lib/read-cache'
import { errors } from '../../lib/route-schema'
import { signedIn, signedInUpload } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import type { FileStore } from '../../storage'
import type { PlatformPaymentDeps } from '../payments/payments.service'
import { boostService } from './boost.service'
import { emergenciesService } from './emergencies.service'
import { emergencyListsService, MY_PAGE } from './emergency-lists.service'
import { readForm } from './emergency-input'
import { flagsRoutes } from './flags.routes'
import type { OnScamConfirmed } from './flags.service'

export interface EmergenciesRoutesOptions extends PlatformPaymentDeps {
  config: Config
  store: FileStore
  onScamConfirmed: OnScamConfirmed
  ledgerClock: LedgerClock
}

const tags = ['emergencies']
// What the read cache needs to know (server/plugins/read-cache.ts): an emergency's answer changes with time alone
// when its boost ends (is_featured turns false), nothing else in it reads the clock. The featured list keeps the
// short default: any boost ending, on any page, moves its pages and its count.
const boostEnd = (emergency: Emergency) => emergency.boost_expires_at
const formFields =
  'multipart/form-data: title, description, sol_goal, deadline (YYYY-MM-DD), receiving_wallet, video_url ' +
  '(optional, YouTube or Vimeo), proof_images (repeated files: JPEG, PNG or WebP, ≤ 5 MB each, ≤ 10).'

export const emergenciesRoutes: FastifyPluginAsync<EmergenciesRoutesOptions> = async (fastify, opts) => {
  const { config, db, clock, store, ledgerClock } = opts
  await fastify.register(multipart)
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const emergencies = emergenciesService({ config, db, store, clock, ledgerClock })
  const lists = emergencyListsService({ config, db, clock })
  const boosts = boostService({ ...opts, emergencies })

  app.get(
    '/emergency/list/',
    {
      config: {
        readCache: 'list',
        readsFrom: [readScopes.emergencies],
        changesWithTime: (page: CursorPage<Emergency>) => page.results.map(boostEnd),
      },
      schema: {
        tags,
        summary: 'Emergencies, newest first (confirmed scams and deleted ones never appear)',
        querystring: EmergencyListQuery,
        response: { 200: CursorPaginated(Emergency), ...errors(400) },
      },
    },
    async (request) => lists.list(request.url, request.query),
  )

  app.get(
    '/emergency/featured/',
    {
      config: { readCache: 'list', readsFrom: [readScopes.emergencies] },
      schema: {
        tags,
        summary: 'Boosted emergencies (boost not expired), latest expiry first, 12 per page',
        querystring: ListQuery,
        response: { 200: CursorPaginated(Emergency), ...errors(400) },
      },
    },
    async (request) => lists.featured(request.url, request.query),
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/emergency/my-emergencies/',
      tags,
      summary: "The signed-in user's emergencies (also those under review), 8 per page",
      access: 'user',
      item: Emergency,
      pageSize: MY_PAGE,
    },
    (request, at) => lists.mine(at, signedInUser(request).id),
  )

  app.get(
    '/emergency/detail/:id/',
    {
      config: {
        readCache: 'always',
        readsFrom: ({ id }: { id: number }) => [readScopes.emergency(id)],
        changesWithTime: (emergency: Emergency) => [boostEnd(emergency)],
      },
      schema: {
        tags,
        summary: 'One emergency',
        params: EmergencyIdParams,
        response: { 200: Emergency, ...errors(400, 404) },
      },
    },
    async (request) => emergencies.detail(request.params.id, request.user),
  )

  app.post(
    '/emergency/create/',
    signedInUpload(app, {
      tags,
      summary: 'Create an emergency',
      description: formFields,
      response: { 201: Emergency, ...errors(400, 429) },
    }),
    async (request, reply) => {
      const user = signedInUser(request)
      const created = await emergencies.create(user, await readForm(request))
      return reply.code(201).send(created)
    },
  )

  app.patch(
    '/emergency/update/:id/',
    signedInUpload(app, {
      tags,
      summary: 'Edit my emergency (any subset of the fields, new proof_images, delete_images: JSON id list)',
      description: formFields,
      params: EmergencyIdParams,
      response: { 200: Emergency, ...errors(400, 403, 404, 409, 429) },
    }),
    async (request) => {
      const user = signedInUser(request)
      // Ownership is checked before the upload is read, so a stranger's files are never even decoded.
      await emergencies.owned(request.params.id, user)
      return emergencies.update(user, request.params.id, await readForm(request))
    },
  )

  app.delete(
    '/emergency/delete/:id/',
    signedIn(app, 'user', {
      tags,
      summary: 'Delete my emergency (hidden everywhere; its donations stay on record)',
      params: EmergencyIdParams,
      response: { 200: DeleteEmergencyResponse, ...errors(400, 403, 404) },
    }),
    async (request) => {
      await emergencies.remove(signedInUser(request), request.params.id)
      return { message: 'Emergency deleted.' }
    },
  )

  app.post(
    '/emergency/boost/',
    signedIn(app, 'user', {
      tags,
      summary: 'Boost my emergency: 0.1 SOL to the platform wallet, featured for 7 days',
      body: BoostRequest,
      response: { 200: BoostResponse, ...errors(400, 403, 404, 409, 422, 503) },
    }),
    async (request) => {
      const { expires, emergency } = await boosts.boost(
        signedInUser(request),
        request.body.emergency_id,
        request.body.tx_hash,
      )
      return {
        message: 'Emergency boosted successfully!',
        boost_expires_at: expires.toISOString(),
        emergency,
      }
    },
  )

  await app.register(flagsRoutes, { config, db, clock, onScamConfirmed: opts.onScamConfirmed })
}
