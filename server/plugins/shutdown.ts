// Graceful shutdown: once app.close() starts, requests already running finish and their keep-alive connections
// close behind them (else server.close() would wait for the keep-alive timeout); requests that still arrive
// on an open connection get 503 in the {error, detail, code} shape.
// The hooks run on every request: callback style, not async, so that the usual case (not closing) costs no
// promise and no microtask turn.
import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors'

export function registerShutdown(app: FastifyInstance) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', (_request, _reply, done) => {
    if (closing)
      done(new AppError('shutting_down', 'The server is restarting. Please retry in a moment.', 503))
    else done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
}
