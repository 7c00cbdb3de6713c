// The donation Action (blink) and Solana Pay transaction request: /actions.json at the site root and
// /api/actions/donate/{id} (GET, POST, OPTIONS), every answer with the Actions spec's headers.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import {
  ActionError,
  ActionGetResponse,
  ActionPostQuery,
  ActionPostRequest,
  ActionPostResponse,
  ActionsJson,
  CheckoutQuery,
  CheckoutStatus,
} from '../../../api-contract/actions'
import { EmergencyIdParams } from '../../../api-contract/emergencies'
import type { ActionsService } from './actions.service'
import { acceptedChains, actionHeaders, handleActionError } from './action-http'
import type { ChoiceInput } from './donation-choice'

/** A POST costs an RPC call and a row; blink clients proxy many donors through one address, so it is generous. */
export const ACTION_POST_RATE_LIMIT = { max: 120, timeWindow: 60_000 }

const tags = ['actions']
const errorsOf = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ActionError]))

export const ACTIONS_JSON: ActionsJson = {
  rules: [
    { pathPattern: '/donate/*', apiPath: '/api/actions/donate/*' },
    // Idempotent rule: clients recognise Action API paths without the solana-action: prefix.
    { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
  ],
}

/** Comment typed in a blink form arrives in the POST body's `data`, the rest in the URL. */
function choiceOf(query: ChoiceInput, data: Record<string, string | string[]> | undefined): ChoiceInput {
  const comment = data?.comment
  return { ...query, comment: query.comment ?? (Array.isArray(comment) ? comment.join(', ') : comment) }
}

/** Registered at the root (not under /api): actions.json must sit at the domain root. */
export const actionsRoutes: FastifyPluginAsync<{ actions: ActionsService }> = async (
  fastify,
  { actions },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const headers = actionHeaders(actions.blockchainId)
  app.setErrorHandler(handleActionError)
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers)
  })
  // Our own CORS for these routes: open to every origin, as the spec requires (the global plugin is not).
  const open = { cors: false as const }
  const preflight = { config: open, schema: { hide: true } }

  app.get(
    '/actions.json',
    {
      config: open,
      schema: {
        tags,
        summary: 'Solana Actions rules: /donate/{id} is a blink',
        response: { 200: ActionsJson },
      },
    },
    async () => ACTIONS_JSON,
  )
  app.options('/actions.json', preflight, async (_request, reply) => reply.code(200).send())

  app.get(
    '/api/actions/donate/:id',
    {
      config: open,
      schema: {
        tags,
        summary: 'Donation Action metadata (also the Solana Pay transaction request GET)',
        params: EmergencyIdParams,
        querystring: ActionPostQuery,
        response: { 200: ActionGetResponse, ...errorsOf(400, 403, 404) },
      },
    },
    async (request) => actions.describe(request.params.id, request.query, acceptedChains(request)),
  )

  app.post(
    '/api/actions/donate/:id',
    {
      config: { ...open, rateLimit: ACTION_POST_RATE_LIMIT },
      schema: {
        tags,
        summary: 'A donation transaction for `account` to sign, with a fresh reference the server watches',
        params: EmergencyIdParams,
        querystring: ActionPostQuery,
        body: ActionPostRequest,
        response: { 200: ActionPostResponse, ...errorsOf(400, 403, 404, 409, 429, 503) },
      },
    },
    async (request) =>
      actions.transaction(
        request.params.id,
        request.body.account,
        choiceOf(request.query, request.body.data),
        acceptedChains(request),
      ),
  )
  app.options('/api/actions/donate/:id', preflight, async (_request, reply) => reply.code(200).send())

  app.get(
    '/api/actions/checkouts/:checkout/',
    {
      config: open,
      schema: {
        tags,
        summary: "Whether the donation of the PWA's QR panel has been received",
        params: Type.Object({ checkout: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) }),
        querystring: CheckoutQuery,
        response: { 200: CheckoutStatus, ...errorsOf(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return actions.checkout(request.params.checkout, request.query)
    },
  )
}
