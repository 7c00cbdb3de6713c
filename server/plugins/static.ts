// Serves the built PWA from dist/ when it exists: precompressed, hashed assets cached forever, the shell always
// revalidated, and client-side routes answered with index.html (or a page a shell hook makes from it, which the
// compression hook compresses as it leaves).
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { prerenderedFile } from './prerendered-file'

const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest'])

/** A page made from index.html for this request (e.g. a link preview), or undefined for the plain shell. */
export type ShellHook = (request: FastifyRequest, indexHtml: string) => Promise<string | undefined>

/** Registers static serving; returns the not-found handler to use (SPA fallback), or undefined without dist/. */
export async function registerStatic(app: FastifyInstance, distDir: string, shellHook?: ShellHook) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return undefined
  // What a shell hook starts from: the route's prerendered page when the build made one, else index.html.
  const read = (file: string) => fs.readFileSync(path.join(distDir, file), 'utf8')
  const indexHtml = shellHook ? read('index.html') : ''
  const templates = new Map<string, string>()
  const templateFor = (url: string) => {
    const file = prerenderedFile(url.split('?')[0]!)
    if (!shellHook || !fs.existsSync(path.join(distDir, file))) return indexHtml
    if (!templates.has(file)) templates.set(file, read(file))
    return templates.get(file)!
  }
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    // The build writes a brotli and a gzip copy beside every file (scripts/precompress.ts): the one the client
    // accepts leaves with Content-Encoding and Vary: Accept-Encoding, compressed once, at build time.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const served = path.relative(distDir, filePath).split(path.sep).join('/')
      const relative = served.replace(/\.(br|gz)$/, '')
      if (relative.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
      else if (ALWAYS_REVALIDATE.has(relative) || relative.startsWith('prerendered/'))
        reply.header('cache-control', 'no-cache')
      else reply.header('cache-control', 'public, max-age=3600')
    },
  })
  /** A public route's first screen prerendered at build time (scripts/prerender.ts), else the shell. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!.replace(/(.)\/$/, '$1')
    const prerendered = prerenderedFile(pathname)
    const file = fs.existsSync(path.join(distDir, prerendered)) ? prerendered : 'index.html'
    return reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false })
  }
  // '/' is the prerendered home page whatever the client accepts, as the static index.html it replaces was.
  app.get('/', sendPage)

  return (fallback: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const isApi = /^\/(api|rpc)(\/|$|\?)/.test(request.url)
      // Crawlers often ask for */*: a page the hook makes is served to any GET that does not want only JSON.
      const page =
        shellHook && !isApi && (request.method === 'GET' || request.method === 'HEAD')
          ? await shellHook(request, templateFor(request.url))
          : undefined
      if (page !== undefined && !/^application\/json\s*$/.test(request.headers.accept ?? ''))
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page)
      const wantsHtml =
        (request.method === 'GET' || request.method === 'HEAD') &&
        (request.headers.accept ?? '').includes('text/html')
      if (isApi || !wantsHtml) return fallback(request, reply)
      return sendPage(request, reply)
    }
}
