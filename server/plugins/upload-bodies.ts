// The memory that upload bodies may take, all requests together (issue 34, N2): 12 concurrent creates of 10 × 4.9 MB
// files grew the server by 499 MB before any was refused. A multipart request holds the bytes of the files it keeps
// (refused files are dropped as they stream in: server/lib/multipart.ts) until its answer is sent or its connection
// closes; a request that would pass `maxBytes` is answered 429 `uploads_busy` with Retry-After.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { uploadsBusy } from '../storage/work-queue'

export interface UploadBodies {
  /** Counts `bytes` more for `request`; throws 429 when all requests together would hold more than allowed. */
  hold(request: FastifyRequest, bytes: number): void
  /** bytes held now, all requests together */
  readonly held: number
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadBodies: UploadBodies
  }
}

export function registerUploadBodies(app: FastifyInstance, maxBytes: number) {
  let held = 0
  const heldBy = new WeakMap<FastifyRequest, number>()
  app.decorate<UploadBodies>('uploadBodies', {
    hold(request, bytes) {
      if (held + bytes > maxBytes) throw uploadsBusy()
      held += bytes
      heldBy.set(request, (heldBy.get(request) ?? 0) + bytes)
    },
    get held() {
      return held
    },
  })
  app.addHook('onRequest', (request, reply, done) => {
    // 'close' comes after the answer was sent, or when the client went away: either way the bytes are let go. Any
    // request with a body may be multipart: its type's case and spacing are the parser's to judge, not this hook's.
    if (request.headers['content-type'] !== undefined)
      reply.raw.once('close', () => {
        held -= heldBy.get(request) ?? 0
        heldBy.delete(request)
      })
    done()
  })
}
