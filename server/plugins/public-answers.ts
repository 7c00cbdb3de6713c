// Marks the answers that are the same for everyone: a 200 to an anonymous request of a public read (a route with
// `config.readCache`, or `config.publicAnswer` for one that is not cached here) leaves with
// `Cache-Control: public, no-cache`. The PWA's service worker keeps exactly those for offline use
// (src/service-worker/sw.ts), so neither side holds a list of the other's URLs. `no-cache`: a browser revalidates
// them every time, so nothing stale is shown while online.
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** anonymous 200 answers are the same for every visitor (implied by `readCache`) */
    publicAnswer?: boolean
  }
}

export const PUBLIC_ANSWER = 'public, no-cache'

export function registerPublicAnswers(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { readCache, publicAnswer } = request.routeOptions.config ?? {}
    if ((readCache || publicAnswer) && reply.statusCode === 200 && !request.headers.authorization)
      reply.header('cache-control', PUBLIC_ANSWER)
    done(null, payload)
  })
}
