// GET /api/share-images/{name}/{card|square}.webp: a public proof image as a link card or an Action icon.
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../lib/errors'
import { type FileStore, isGeneratedName, mimeOfName } from '../../storage'
import { lruCache, renderShareImage, SHARE_SHAPES, type ShareShape } from './share-images'

const CACHED_IMAGES = 64
// Open to every origin (set below), not the PWA-only CORS of the rest of the API.
const OWN_CORS = { cors: false as const }

export const shareImagesRoutes: FastifyPluginAsync<{ store: FileStore }> = async (app, { store }) => {
  const rendered = lruCache<Buffer>(CACHED_IMAGES)
  app.get<{ Params: { name: string; shape: string } }>(
    '/share-images/:name/:shape',
    {
      config: OWN_CORS,
      schema: {
        tags: ['actions'],
        summary: 'A proof image as a WebP link card (1200×630) or square Action icon (600×600)',
        params: Type.Object({ name: Type.String({ maxLength: 64 }), shape: Type.String({ maxLength: 16 }) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params
      const shape = request.params.shape.replace(/\.webp$/, '') as ShareShape
      if (!(shape in SHARE_SHAPES) || !isGeneratedName(name) || !mimeOfName(name))
        throw notFound('File not found.')
      const key = `${name}/${shape}`
      let body = rendered.get(key)
      if (!body) {
        const file = await store.get(name)
        if (!file) throw notFound('File not found.')
        body = await renderShareImage(file.body, shape)
        rendered.set(key, body)
      }
      // Crawlers and blink clients load it from other origins; the name never changes its bytes.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .send(body)
    },
  )
}
