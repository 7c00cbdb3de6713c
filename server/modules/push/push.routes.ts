// /api/push/subscriptions/ (this browser's web push subscription) and /api/emergency/{id}/follow/. Thin handlers.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { EmergencyIdParams } from '../../../api-contract/emergencies'
import {
  FollowAnswer,
  PushSubscriptionAnswer,
  PushSubscriptionRequest,
  UnsubscribeRequest,
} from '../../../api-contract/push'
import { errors } from '../../lib/route-schema'
import { signedIn } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import { type PushDeps, pushService } from './push.service'

const tags = ['push']

export const pushRoutes: FastifyPluginAsync<PushDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const push = pushService(deps)

  app.post(
    '/push/subscriptions/',
    signedIn(app, 'user', {
      tags,
      summary: "Receive notifications on this browser (its PushSubscription's JSON)",
      description:
        'The endpoint must be https and must not point at a loopback, private or link-local address. A user keeps ' +
        'at most PUSH_MAX_SUBSCRIPTIONS browsers: a new one pushes out the oldest.',
      body: PushSubscriptionRequest,
      response: { 201: PushSubscriptionAnswer, ...errors(400) },
    }),
    async (request, reply) => reply.code(201).send(await push.subscribe(signedInUser(request), request.body)),
  )

  app.delete(
    '/push/subscriptions/',
    {
      schema: {
        tags,
        summary: 'Stop notifications on this browser (by its endpoint alone: also after the session ended)',
        body: UnsubscribeRequest,
        response: { 204: Type.Null(), ...errors(400) },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(request.body.endpoint)
      return reply.code(204).send(null)
    },
  )

  const follow = {
    tags,
    params: EmergencyIdParams,
    response: { 200: FollowAnswer, ...errors(400, 404) },
  }
  app.get(
    '/emergency/:id/follow/',
    signedIn(app, 'user', { ...follow, summary: 'Whether I follow this emergency' }),
    async (request) => ({
      following: await push.following(signedInUser(request), request.params.id),
    }),
  )
  app.post(
    '/emergency/:id/follow/',
    signedIn(app, 'user', {
      ...follow,
      summary: 'Follow this emergency: notified of its updates and its goal',
    }),
    async (request) => {
      await push.follow(signedInUser(request), request.params.id)
      return { following: true }
    },
  )
  app.delete(
    '/emergency/:id/follow/',
    signedIn(app, 'user', { ...follow, summary: 'Stop following this emergency' }),
    async (request) => {
      await push.unfollow(signedInUser(request), request.params.id)
      return { following: false }
    },
  )
}
