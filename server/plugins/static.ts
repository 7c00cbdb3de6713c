// Serves the built PWA from dist/ when it exists: hashed assets cached forever, the shell always revalidated,
// and client-side routes answered with index.html.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest'])

/** Registers static serving; returns the not-found handler to use (SPA fallback), or undefined without dist/. */
export async function registerStatic(app: FastifyInstance, distDir: string) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return undefined
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/')
      if (relative.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
      else if (ALWAYS_REVALIDATE.has(relative)) reply.header('cache-control', 'no-cache')
      else reply.header('cache-control', 'public, max-age=3600')
    },
  })
  return (fallback: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const isApi = /^\/(api|rpc)(\/|$|\?)/.test(request.url)
      const wantsHtml =
        (request.method === 'GET' || request.method === 'HEAD') &&
        (request.headers.accept ?? '').includes('text/html')
      if (isApi || !wantsHtml) return fallback(request, reply)
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false })
    }
}
