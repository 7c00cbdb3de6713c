// The built PWA's files from dist/, as the build wrote them: precompressed (a brotli and a gzip copy beside each
// file, scripts/precompress.ts, sent as the client accepts), hashed assets cached for a year, the service worker,
// its registration and the manifest always revalidated. What the server alone reads (dist/.ssr, the renderer;
// dist/.vite, the build's manifests) and the pages' templates (prerendered/) are never sent.
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest'])

export async function registerStaticFiles(app: FastifyInstance, distDir: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    dotfiles: 'ignore',
    // '/' is a page (server/web/pages.ts), not the directory's index.html.
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !pathname.startsWith('/prerendered/'),
    setHeaders(reply, filePath) {
      const served = filePath
        .slice(distDir.length + 1)
        .split(/[\\/]/)
        .join('/')
        .replace(/\.(br|gz)$/, '')
      if (served.startsWith('assets/')) reply.header('cache-control', IMMUTABLE)
      else if (ALWAYS_REVALIDATE.has(served)) reply.header('cache-control', 'no-cache')
      else reply.header('cache-control', 'public, max-age=3600')
    },
  })
}
