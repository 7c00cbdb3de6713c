// /api/users/*: thin handlers; validation by schema, decisions in the services.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import {
  CheckWalletResponse,
  LoginRequest,
  Me,
  NonceResponse,
  RefreshRequest,
  RegisterRequest,
  TokenPair,
  WalletQuery,
} from '../../../api-contract/users'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { AccessTokens } from '../../lib/access-tokens'
import type { Clock } from '../../lib/clock'
import { errors, limited } from '../../lib/route-schema'
import { ownRead } from '../../lib/signed-in'
import type { SessionRevocations } from './session-revocations'
import { sessionsService } from './sessions.service'
import { signInService } from './sign-in.service'
import { type UsersDeps, usersService } from './users.service'

export interface UsersRoutesOptions {
  config: Config
  db: Db
  clock: Clock
  tokens: AccessTokens
  revocations: SessionRevocations
  kycStatusOf: UsersDeps['kycStatusOf']
}

const tags = ['users']

export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (
  fastify,
  { config, db, clock, tokens, revocations, kycStatusOf },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const signIn = signInService({ config, db, clock })
  const sessions = sessionsService({ db, clock, tokens, revocations })
  const users = usersService({ config, db, signIn, sessions, kycStatusOf })

  app.get(
    '/users/nonce/',
    {
      config: limited(config.rateLimits.nonce),
      schema: {
        tags,
        summary: 'A SIWS message to sign',
        querystring: WalletQuery,
        response: { 200: NonceResponse, ...errors(400, 429) },
      },
    },
    async (request) => signIn.issueNonce(request.query.wallet_address),
  )

  app.post(
    '/users/login/',
    {
      config: limited(config.rateLimits.login),
      schema: {
        tags,
        summary: 'Sign in with a signed nonce message',
        body: LoginRequest,
        response: { 200: TokenPair, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => users.login(request.body),
  )

  app.post(
    '/users/register/',
    {
      config: limited(config.rateLimits.register),
      schema: {
        tags,
        summary: 'Register a wallet (signed nonce message) with an e-mail',
        body: RegisterRequest,
        response: { 201: TokenPair, ...errors(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await users.register(request.body)),
  )

  app.get(
    '/users/check-wallet/',
    {
      schema: {
        tags,
        summary: 'Is this wallet registered?',
        querystring: WalletQuery,
        response: { 200: CheckWalletResponse, ...errors(400) },
      },
    },
    async (request) => ({ registered: await users.checkWallet(request.query.wallet_address) }),
  )

  ownRead(app, { url: '/users/me/', tags, summary: 'The signed-in user', answer: Me }, (userId) =>
    users.me(userId),
  )

  app.post(
    '/users/token/refresh/',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        body: RefreshRequest,
        response: { 200: TokenPair, ...errors(400, 401) },
      },
    },
    async (request) => sessions.refresh(request.body.refresh),
  )

  app.post(
    '/users/logout/',
    {
      schema: {
        tags,
        summary: 'End the session of this refresh token',
        body: RefreshRequest,
        response: { 204: Type.Null(), ...errors(400) },
      },
    },
    async (request, reply) => {
      await sessions.logout(request.body.refresh)
      return reply.code(204).send(null)
    },
  )
}
