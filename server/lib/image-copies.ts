// Serving a proof image's copy (a responsive width on /api/media/, a share image on /api/share-images/): read from
// the store; made from its original only for images stored before the copy existed (a miss), through the image queue
// (429 `uploads_busy` when it is full) and at most `misses.max` a window per client address (429 `rate_limited`):
// a client cycling through many such URLs cannot keep the image workers, or the thread pool that serves every file
// read, busy. Concurrent misses of one copy share one rendering.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RateLimit } from '../config'
import type { FileStore } from '../storage'
import { imageQueue } from '../storage/images'
import { storedVariant } from '../storage/image-variants'
import { AppError, retryLater } from './errors'

/** A proof image's copy by name: undefined when the name is not a copy's or its original is gone. */
export type ImageCopies = (request: FastifyRequest, name: string) => Promise<Buffer | undefined>

export function imageCopies(app: FastifyInstance, store: FileStore, misses: RateLimit): ImageCopies {
  const countMiss = app.createRateLimit({
    max: misses.max,
    timeWindow: misses.windowMs,
    keyGenerator: (request) => `image-copy-miss|${request.ip}`,
  })
  const rendering = new Map<string, Promise<Buffer | undefined>>()

  async function render<T>(request: FastifyRequest, job: () => Promise<T>): Promise<T> {
    const limit = await countMiss(request)
    if (!limit.isAllowed && limit.isExceeded)
      throw retryLater(
        new AppError('rate_limited', 'Too many images to prepare. Please slow down.', 429),
        limit.ttlInSeconds,
      )
    return imageQueue.run(job)
  }

  return (request, name) => {
    const pending = rendering.get(name)
    if (pending) return pending
    const read = storedVariant(store, name, (job) => render(request, job)).finally(() =>
      rendering.delete(name),
    )
    rendering.set(name, read)
    return read
  }
}
