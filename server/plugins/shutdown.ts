// Graceful shutdown: once app.close() starts, requests already running finish and their keep-alive connections
// close behind them (else server.close() would wait for the keep-alive timeout); requests that still arrive
// on an open connection get 503 in the {error, detail, code} shape.
import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors'

export function registerShutdown(app: FastifyInstance) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async () => {
    if (closing)
      throw new AppError('shutting_down', 'The server is restarting. Please retry in a moment.', 503)
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
}
