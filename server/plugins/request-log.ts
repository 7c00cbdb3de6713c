// The request log. Fastify's own two lines per request cost more than serving a cached read (issue 10: the config
// route reached 25% of bare Fastify with them, 40% without); at info an operator needs what went wrong or was
// slow. Server errors are logged by the error handler and here; a slow request is a warning; every request's
// lines are kept at debug.
import { LogController } from 'fastify'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A request slower than this is logged at warn. */
export const SLOW_REQUEST_MS = 1_000

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = Math.round(reply.elapsedTime)
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored')
    else if (responseTime >= SLOW_REQUEST_MS)
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request')
    else reply.log.debug({ res: reply, responseTime }, 'request completed')
  }
}
