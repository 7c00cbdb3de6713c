// Graceful shutdown: once app.close() starts, requests already running finish; new ones get 503 and
// `Connection: close` (our own hook so the answer keeps the {error, detail, code} shape).
import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors'

export function registerShutdown(app: FastifyInstance) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return
    reply.header('connection', 'close')
    throw new AppError('shutting_down', 'The server is restarting. Please retry in a moment.', 503)
  })
}
