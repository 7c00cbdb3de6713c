// GET /api/media/{name}: public proof images, served by name through a handler (never a folder listing).
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../lib/errors'
import { type FileStore, isGeneratedName, mimeOfName } from '../../storage'

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
      const mime = mimeOfName(name)
      const file = isGeneratedName(name) && mime ? await store.get(name) : undefined
      if (!file || !mime) throw notFound('File not found.')
      return reply
        .header('content-type', mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-site')
        .send(file.body)
    },
  )
}
