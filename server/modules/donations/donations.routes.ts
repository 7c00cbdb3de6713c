// /api/emergency/donate/ and the donation reads. Thin handlers: schema validation, a service call, the reply.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { CursorPaginated, ListQuery } from '../../../api-contract/common'
import {
  AlreadyRecorded,
  CampaignerTotals,
  DonateRequest,
  Donation,
  DonationFeedQuery,
  DonationStats,
  LatestTips,
  RecoverRequest,
  TipsTotal,
} from '../../../api-contract/donations'
import { EmergencyIdParams } from '../../../api-contract/emergencies'
import type { Config } from '../../config'
import { oneEmergencyList, readScopes } from '../../lib/read-cache'
import { errors } from '../../lib/route-schema'
import { ownRead, signedIn } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import type { CountedPerInstance } from '../../plugins/rate-limit-store'
import { donationListsService } from './donation-lists.service'
import { ALREADY_PROCESSED } from '../payments/payments.service'
import { presentDonation } from './donations.present'
import { donationRecovery } from './donation-recovery.service'
import { type DonationsDeps, donationsService } from './donations.service'

/**
 * Each submission costs an RPC round trip (unbounded, it would be a way to make us spend: OWASP API4): bounded per
 * client IP. A loose bound, counted in each instance's memory (a database upsert per donation cost more than the
 * bound is worth): with several instances a client may make up to 60 per minute on each.
 */
export const DONATE_RATE_LIMIT = {
  max: 60,
  timeWindow: 60_000,
  countedPer: 'instance',
} as const satisfies CountedPerInstance & { max: number; timeWindow: number }

const tags = ['donations']
const bearer = [{ bearer: [] }]

export const donationsRoutes: FastifyPluginAsync<DonationsDeps & { config: Config }> = async (
  fastify,
  deps,
) => {
  const { config, db } = deps
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const donations = donationsService(deps)
  const recovery = donationRecovery(deps)
  const lists = donationListsService({ config, db })

  app.post(
    '/emergency/donate/',
    {
      preHandler: app.requireUser,
      config: { rateLimit: DONATE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Record a confirmed donation (verified on-chain; donation and tip in one transaction)',
        security: bearer,
        body: DonateRequest,
        response: { 201: Donation, ...errors(400, 401, 404, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const donation = await donations.donate(signedInUser(request), request.body)
      return reply.code(201).send(presentDonation(donation))
    },
  )

  app.post(
    '/emergency/donate/recover/',
    {
      preHandler: app.requireUser,
      config: { rateLimit: DONATE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Record a donation by its signature alone (one the app never recorded, a plain transfer)',
        description:
          "The transaction must have succeeded, be signed by the caller's wallet and move SOL or USDC to the emergency's " +
          'receiving wallet (the one it had then): what reached it is recorded, and what reached the platform ' +
          'wallet as the tip. 409 with the donation when the signature is already recorded as one; 422 with the ' +
          "verifier's reason when it proves no donation.",
        security: bearer,
        body: RecoverRequest,
        response: { 201: Donation, 409: AlreadyRecorded, ...errors(400, 401, 404, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { recorded, donation } = await recovery.recover(signedInUser(request), request.body)
      if (recorded === 'now') return reply.code(201).send(presentDonation(donation))
      return reply.code(409).send({
        error: ALREADY_PROCESSED,
        detail: 'This signature is already recorded as a donation.',
        code: 'donation_already_recorded',
        donation: presentDonation(donation),
      })
    },
  )

  app.get(
    '/emergency/public-donations/',
    {
      config: {
        readCache: 'list',
        readsFrom: [readScopes.donations, readScopes.emergencies],
        changesWithTime: false,
      },
      schema: {
        tags,
        summary: 'Live donation feed, newest first; search by title, amount or tx hash prefix',
        querystring: DonationFeedQuery,
        response: { 200: CursorPaginated(Donation), ...errors(400) },
      },
    },
    async (request) => lists.feed(request.url, request.query),
  )

  app.get(
    '/emergency/:id/donations/',
    {
      config: oneEmergencyList,
      schema: {
        tags,
        summary: "An emergency's donations, newest first",
        params: EmergencyIdParams,
        querystring: ListQuery,
        response: { 200: CursorPaginated(Donation), ...errors(400, 404) },
      },
    },
    async (request) => lists.ofEmergency(request.url, request.query, request.params.id, request.user),
  )

  app.get(
    '/emergency/my-donations/',
    signedIn(app, 'user', {
      tags,
      summary: 'My donations, newest first, 8 per page',
      querystring: ListQuery,
      response: { 200: CursorPaginated(Donation), ...errors(400) },
    }),
    async (request) => lists.mine(request.url, request.query, signedInUser(request).id),
  )

  ownRead(
    app,
    {
      url: '/emergency/user-donations/',
      tags,
      summary: 'What I have donated and tipped in total',
      answer: DonationStats,
    },
    (userId) => lists.stats(userId),
  )
  ownRead(
    app,
    {
      url: '/emergency/my-totals/',
      tags,
      summary: 'What I raised across my emergencies: SOL and USDC, donations, donors',
      answer: CampaignerTotals,
    },
    (userId) => lists.campaignerTotals(userId),
  )
  ownRead(
    app,
    { url: '/emergency/my-latest-tips/', tags, summary: 'My latest 5 tips', answer: LatestTips },
    async (userId) => ({ results: await lists.latestTips(userId) }),
  )

  app.get(
    '/emergency/tips/',
    signedIn(app, 'admin', {
      tags,
      summary: 'Total platform tips (admin)',
      response: { 200: TipsTotal },
    }),
    async () => lists.totalTips(),
  )
}
