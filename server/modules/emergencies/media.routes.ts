// GET /api/media/{name}: public proof images, served by name through a handler (never a folder listing).
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../lib/errors'
import type { ImageCopies } from '../../lib/image-copies'
import { type FileStore, isGeneratedName, mimeOfName } from '../../storage'
import { parseVariantName } from '../../storage/image-variants'

export const mediaRoutes: FastifyPluginAsync<{ store: FileStore; copies: ImageCopies }> = async (
  app,
  { store, copies },
) => {
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
      // A copy (`<uuid>-w480.webp`), made on first request for images older than the copies.
      const body = parseVariantName(name)
        ? await copies(request, name)
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
