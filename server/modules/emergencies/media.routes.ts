// GET /api/media/{name}: public proof images, served by name through a handler (never a folder listing).
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../lib/errors'
import { type FileStore, isGeneratedName, mimeOfName } from '../../storage'
import { parseVariantName, storedVariant } from '../../storage/image-variants'
import { imageQueue } from '../../storage/images'

export const mediaRoutes: FastifyPluginAsync<{ store: FileStore }> = async (app, { store }) => {
  app.get<{ Params: { name: string } }>(
    '/media/:name',
    {
      schema: {
        tags: ['media'],
        summary: 'A proof image',
        params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params
      // A responsive copy (`<uuid>-w480.webp`), made on first request for images older than the copies.
      const body = parseVariantName(name)
        ? await storedVariant(store, name, (job) => imageQueue.run(job))
        : isGeneratedName(name) && mimeOfName(name)
          ? (await store.get(name))?.body
          : undefined
      const mime = mimeOfName(name)
      if (!body || !mime) throw notFound('File not found.')
      return reply
        .header('content-type', mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-site')
        .send(body)
    },
  )
}
