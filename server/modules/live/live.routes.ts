// GET /api/live/donations/: server-sent events of credited donations (api-contract/live.ts). Public: donations are
// public on the chain and on the feed, so a stream needs no sign-in, reads nothing from the database, and may
// follow any emergencies by id (a donate page: one; a campaigner's dashboard: theirs).
import { PassThrough } from 'node:stream'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { LiveQuery } from '../../../api-contract/live'
import { errors } from '../../lib/route-schema'
import type { LiveService } from './live.service'

/** The Last-Event-ID the stream wrote (a donation id); anything else resumes nothing. */
const EVENT_ID = /^[0-9]{1,16}$/

const headerText = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined)

export const liveRoutes: FastifyPluginAsync<{ live: LiveService }> = async (fastify, { live }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/live/donations/',
    {
      config: { eventStream: true },
      // A HEAD would open a stream with no body to send it in.
      exposeHeadRoute: false,
      schema: {
        tags: ['live'],
        summary: 'Donations as they are credited: server-sent events (text/event-stream)',
        description:
          'Events: `resync` (read again what the page shows), `donation` (id: the donation id; data: ' +
          '{donation, emergency: {id, total_donated, donation_count, sol_goal}}); a `: ping` comment keeps the ' +
          'stream open. Reconnect with Last-Event-ID (EventSource does, after `retry: 1000`) to get what was missed.',
        querystring: LiveQuery,
        response: {
          200: {
            description: 'text/event-stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...errors(400, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const given = headerText(request.headers['last-event-id']) ?? request.query.last_event_id
      const stream = new PassThrough()
      const close = live.hub.open(
        {
          address: request.ip,
          emergencies: request.query.emergency_id && [...new Set(request.query.emergency_id)],
          lastEventId: given === undefined ? undefined : EVENT_ID.test(given) ? given : '',
        },
        {
          write: (frame) => stream.write(frame),
          end: () => stream.end(),
          backlog: () => stream.readableLength + stream.writableLength + reply.raw.writableLength,
          drop: () => reply.raw.destroy(),
        },
      )
      reply.raw.on('close', close)
      if (reply.raw.destroyed) close()
      return reply
        .headers({
          'content-type': 'text/event-stream; charset=utf-8',
          // no-transform: proxies must neither compress nor hold the stream back; nginx reads X-Accel-Buffering.
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
        })
        .send(stream as never)
    },
  )
}
