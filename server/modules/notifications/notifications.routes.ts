// /api/notifications/*: what the signed-in user is told (their dashboard lists it, with an unread count).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { MarkedRead, MarkRead, Notification, UnreadNotifications } from '../../../api-contract/notifications'
import { listRoute } from '../../lib/list-route'
import type { RouteDeps } from '../../lib/route-deps'
import { errors } from '../../lib/route-schema'
import { ownRead, signedIn } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import { NOTIFICATIONS_PAGE, notificationsService } from './notifications.service'

const tags = ['notifications']

export const notificationsRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { config, db, clock }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const notifications = notificationsService({ db, clock })

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/notifications/',
      tags,
      summary: 'My notifications, newest first, 20 per page',
      access: 'user',
      item: Notification,
      pageSize: NOTIFICATIONS_PAGE,
    },
    (request, at) => notifications.list(signedInUser(request).id, at),
  )

  ownRead(
    app,
    {
      url: '/notifications/unread/',
      tags,
      summary: 'How many of my notifications are unread',
      answer: UnreadNotifications,
    },
    (userId) => notifications.unread(userId),
  )

  app.post(
    '/notifications/read/',
    signedIn(app, 'user', {
      tags,
      summary: 'Mark my notifications read: those listed in `ids`, or all of them',
      body: MarkRead,
      response: { 200: MarkedRead, ...errors(400) },
    }),
    async (request) => notifications.markRead(signedInUser(request).id, request.body.ids),
  )
}
