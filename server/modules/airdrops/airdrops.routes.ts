// /api/airdrop/campaigns/* and the admin listing-fee queue. Thin handlers: schema, service call, reply.
import multipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import {
  Campaign,
  CampaignIdParams,
  CampaignPayment,
  MyCampaign,
  PaymentDecisionRequest,
  PaymentMessage,
  SubmitPaymentRequest,
} from '../../../api-contract/airdrops'
import type { Config } from '../../config'
import { readMultipart } from '../../lib/multipart'
import { listRoute } from '../../lib/list-route'
import { readScopes } from '../../lib/read-cache'
import { errors } from '../../lib/route-schema'
import { signedIn, signedInUpload } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import type { FileStore } from '../../storage'
import type { PlatformPaymentDeps } from '../payments/payments.service'
import { campaignsService, type IntentsOfCampaigns } from './airdrops.service'
import { listingFeeService } from './listing-fee.service'

export interface AirdropsRoutesOptions extends PlatformPaymentDeps {
  config: Config
  store: FileStore
  /** The investments module's summary of each campaign's intents (wired in server/app.ts: no module loop). */
  intentsOf: IntentsOfCampaigns
}

const tags = ['airdrops']
export const CAMPAIGN_PAGE = 12
const MY_PAGE = 8
const ADMIN_PAGE = 10

export const airdropsRoutes: FastifyPluginAsync<AirdropsRoutesOptions> = async (fastify, opts) => {
  const { config } = opts
  await fastify.register(multipart)
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const campaigns = campaignsService(opts)
  const fees = listingFeeService({ ...opts, campaigns })

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/airdrop/campaigns/',
      tags,
      summary: 'Listed (verified) campaigns, newest first, 12 per page',
      access: 'public',
      item: Campaign,
      pageSize: CAMPAIGN_PAGE,
      config: { readCache: 'list', readsFrom: [readScopes.campaigns], changesWithTime: false },
    },
    (_request, at) => campaigns.listed(at),
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/airdrop/campaigns/my/',
      tags,
      summary: 'My campaigns with their listing-fee claim and investment intents, 8 per page',
      access: 'user',
      item: MyCampaign,
      pageSize: MY_PAGE,
    },
    (request, at) => campaigns.mine(signedInUser(request), at),
  )

  app.get(
    '/airdrop/campaigns/:id/',
    {
      // An unlisted campaign answers its owner and admins only: an anonymous answer is a listed one.
      config: { publicAnswer: true },
      schema: {
        tags,
        summary: 'One campaign (unlisted ones only for their owner and admins)',
        params: CampaignIdParams,
        response: { 200: Campaign, ...errors(400, 404) },
      },
    },
    async (request) => campaigns.detail(request.params.id, request.user),
  )

  app.post(
    '/airdrop/campaigns/create/',
    signedInUpload(app, {
      tags,
      summary: 'Create a campaign (approved KYC needed); it is listed once the listing fee is paid',
      description:
        'multipart/form-data: project_name, description, website (URL), twitter_handle, github_url (URL), ' +
        'sol_goal (≥ 0.01), receiving_wallet, image (optional: JPEG, PNG or WebP, ≤ 5 MB; public).',
      response: { 201: Campaign, ...errors(400, 403) },
    }),
    async (request, reply) => {
      const user = signedInUser(request)
      await campaigns.assertMayCreate(user)
      return reply
        .code(201)
        .send(await campaigns.create(user, await readMultipart(request, { maxFiles: 1, accept: 'images' })))
    },
  )

  app.post(
    '/airdrop/campaigns/:id/submit-payment/',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      ...signedIn(app, 'user', {
        tags,
        summary: 'Submit the listing fee (0.5 SOL from my wallet to platform_wallet), verified on-chain',
        description:
          "200 {message: 'Payment verified and campaign listed.'}; 202 {message: 'Payment received; it will be " +
          "verified by an admin.'} when the ledger cannot be reached; 409 'Payment already verified.'; 422 with " +
          "the verifier's reason or 'already been processed'.",
        params: CampaignIdParams,
        body: SubmitPaymentRequest,
        response: { 200: PaymentMessage, 202: PaymentMessage, ...errors(400, 403, 404, 409, 422) },
      }),
    },
    async (request, reply) => {
      const outcome = await fees.submit(signedInUser(request), request.params.id, request.body.tx_hash.trim())
      return reply.code(outcome.status).send({ message: outcome.message })
    },
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/airdrop/admin/campaign-payments/',
      tags,
      summary: 'Listing-fee claims, newest first (admin)',
      access: 'admin',
      item: CampaignPayment,
      pageSize: ADMIN_PAGE,
    },
    (_request, at) => fees.list(at),
  )

  app.post(
    '/airdrop/campaigns/:id/approve-payment/',
    signedIn(app, 'admin', {
      tags,
      summary:
        'Approve a pending or rejected listing-fee claim and list the campaign (admin); approving an unverified ' +
        'one verifies it on-chain now',
      description:
        '200 {message, verified: true}; while the ledger cannot be reached 200 {message, verified: false}: the ' +
        'campaign is listed, the claim is `unverified` and verified when the ledger is back (un-listed if it ' +
        'does not hold). For an unverified claim: 200 verified, 422 refuted (claim rejected, campaign ' +
        'un-listed), 503 ledger still unreachable.',
      params: CampaignIdParams,
      body: PaymentDecisionRequest,
      response: { 200: PaymentMessage, ...errors(400, 404, 409, 422, 503) },
    }),
    async (request) => fees.approve(signedInUser(request), request.params.id, request.body.payment_id),
  )

  app.post(
    '/airdrop/campaigns/:id/reject-payment/',
    signedIn(app, 'admin', {
      tags,
      summary: 'Reject a pending listing-fee claim (admin)',
      params: CampaignIdParams,
      body: PaymentDecisionRequest,
      response: { 200: PaymentMessage, ...errors(400, 404, 409) },
    }),
    async (request) => fees.reject(signedInUser(request), request.params.id, request.body.payment_id),
  )
}
