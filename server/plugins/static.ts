// Serves the built PWA from dist/ when it exists: precompressed, hashed assets cached forever, the shell always
// revalidated, and client-side routes answered with index.html (or a page a shell hook makes from it, which the
// compression hook compresses as it leaves).
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { registerHashedAssets } from './hashed-assets'
import { prerenderedFile } from './prerendered-file'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest'])

/** A page made from index.html or a prerendered page for this request (a link preview, the first screen's data),
 * or undefined to leave it as it is. */
export type ShellHook = (
  request: FastifyRequest,
  html: string,
  distDir: string,
) => Promise<string | undefined>

/**
 * Registers static serving; returns the not-found handler to use (SPA fallback), or undefined without dist/.
 * Shell hooks run in order, each on the page the previous one made; a page no hook changed is sent as the file
 * the build wrote (precompressed).
 */
export async function registerStatic(app: FastifyInstance, distDir: string, shellHooks: ShellHook[] = []) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return undefined
  // What the hooks start from: the route's prerendered page when the build made one, else index.html.
  const templates = new Map<string, string>()
  const templateFor = (file: string) => {
    if (!templates.has(file)) templates.set(file, fs.readFileSync(path.join(distDir, file), 'utf8'))
    return templates.get(file)!
  }
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    // dist/.ssr (the server's page renderer) and dist/.vite (the build's manifests) are the server's, not the web's.
    dotfiles: 'ignore',
    // The build writes a brotli and a gzip copy beside every file (scripts/precompress.ts): the one the client
    // accepts leaves with Content-Encoding and Vary: Accept-Encoding, compressed once, at build time.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const served = path.relative(distDir, filePath).split(path.sep).join('/')
      const relative = served.replace(/\.(br|gz)$/, '')
      if (relative.startsWith('assets/')) reply.header('cache-control', IMMUTABLE)
      else if (ALWAYS_REVALIDATE.has(relative) || relative.startsWith('prerendered/'))
        reply.header('cache-control', 'no-cache')
      else reply.header('cache-control', 'public, max-age=3600')
    },
  })
  registerHashedAssets(app, distDir, IMMUTABLE)
  /** The route's page: prerendered at build time (scripts/prerender.ts) or the shell, as the hooks made it. */
  const pageFor = async (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0]!.replace(/(.)\/$/, '$1')
    const prerendered = prerenderedFile(pathname)
    const file = fs.existsSync(path.join(distDir, prerendered)) ? prerendered : 'index.html'
    let made: string | undefined
    for (const hook of shellHooks) made = (await hook(request, made ?? templateFor(file), distDir)) ?? made
    return { file, made }
  }
  const send = (reply: FastifyReply, { file, made }: { file: string; made: string | undefined }) => {
    reply.header('cache-control', 'no-cache')
    if (made === undefined) return reply.sendFile(file, { cacheControl: false })
    return reply.type('text/html; charset=utf-8').send(made)
  }
  // '/' is the prerendered home page whatever the client accepts, as the static index.html it replaces was.
  app.get('/', async (request, reply) => send(reply, await pageFor(request)))

  return (fallback: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const isApi = /^\/(api|rpc)(\/|$|\?)/.test(request.url)
      const accept = request.headers.accept ?? ''
      if (
        isApi ||
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        /^application\/json\s*$/.test(accept)
      )
        return fallback(request, reply)
      const page = await pageFor(request)
      // Crawlers often ask for */*: a page a hook made (a link preview) is served to them too; the plain shell only
      // to a browser asking for HTML.
      if (page.made === undefined && !accept.includes('text/html')) return fallback(request, reply)
      return send(reply, page)
    }
}
