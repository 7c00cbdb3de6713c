// GET /api/share-images/{name}/{card|square}.webp: a public proof image as a link card or an Action icon. Both are
// made at upload beside the image (server/storage/image-variants.ts), so this route reads a file; only images stored
// before then are rendered here, once, behind the image queue and a per-client limit (server/lib/image-copies.ts).
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../lib/errors'
import type { ImageCopies } from '../../lib/image-copies'
import { isGeneratedName, mimeOfName } from '../../storage'
import { SHARE_SHAPES, type ShareShape, variantName } from '../../storage/image-variants'

// Open to every origin (set below), not the PWA-only CORS of the rest of the API.
const OWN_CORS = { cors: false as const }

export const shareImagesRoutes: FastifyPluginAsync<{ copies: ImageCopies }> = async (app, { copies }) => {
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
      const copy =
        shape in SHARE_SHAPES && isGeneratedName(name) && mimeOfName(name) && variantName(name, shape)
      const body = copy ? await copies(request, copy) : undefined
      if (!body) throw notFound('File not found.')
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
