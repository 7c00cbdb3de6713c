// Pages: a navigation to a public page gets its first screen rendered with its data (page-renderer.ts) inside that
// page's template; any other route gets the shell (index.html), as the build wrote it. The app decides which routes
// are public pages: the server holds none of the PWA's URLs.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RenderedPage } from '../../api-contract/page-render'
import { pageTemplate } from './page-files'
import { pageRenderer } from './page-renderer'

const ROOT_OPEN = '<div id="root">'

/** Where the image preload goes: after the viewport declaration, else after the charset (which must come first),
 * else after <head>. Never before the viewport: a preload's `imagesizes` read before it is measured against the
 * default 980 px layout width, so a phone would fetch the widest copy and then the one its <img> picks. */
const headStart = (html: string) =>
  [/<meta name="viewport"[^>]*>/i, /<meta charset=[^>]*>/i, /<head>/i].find((tag) => tag.test(html))!

/** The template with the rendered page in its root (which runs to the last </div> of the body) and its head. */
export function pageHtml(template: string, rendered: RenderedPage): string {
  const start = template.indexOf(ROOT_OPEN)
  const end = template.lastIndexOf('</div>', template.lastIndexOf('</body>'))
  if (start < 0 || end < start) throw new Error('the page template has no <div id="root">')
  let html = template.slice(0, start) + ROOT_OPEN + rendered.markup + template.slice(end)
  const { preload, tags } = rendered.head
  if (/<title>/.test(tags)) html = html.replace(/<title>[\s\S]*?<\/title>/i, '')
  if (/<meta name="description"/.test(tags)) html = html.replace(/<meta\s+name="description"[^>]*>/i, '')
  // The image first in the head, before the code's modulepreloads: the browser asks for it on its first
  // connection rather than behind two dozen chunks (HTTP/1.1 opens six at a time).
  if (preload) html = html.replace(headStart(html), (tag) => `${tag}${preload}`)
  return html.replace('</head>', `${tags}${rendered.hydration}</head>`)
}

/** The not-found handler that answers navigations with pages, and everything else with `fallback`. */
export function pagesHandler(app: FastifyInstance, distDir: string) {
  const render = pageRenderer(app, distDir)
  const templates = new Map<string, string>()
  const templateOf = (file: string) => {
    if (!templates.has(file)) templates.set(file, fs.readFileSync(path.join(distDir, file), 'utf8'))
    return templates.get(file)!
  }
  const servePage = async (request: FastifyRequest, reply: FastifyReply, fallback: () => unknown) => {
    const rendered = await render(request.url)
    reply.header('cache-control', 'no-cache')
    if (rendered)
      return reply
        .code(rendered.status)
        .type('text/html; charset=utf-8')
        .send(pageHtml(templateOf(pageTemplate(rendered.page)), rendered))
    // The shell, to a browser asking for a page; a client asking for anything else (a crawler's */*) gets the 404.
    if (!(request.headers.accept ?? '').includes('text/html')) return fallback()
    return reply.sendFile('index.html', { cacheControl: false })
  }
  app.get('/', (request, reply) => servePage(request, reply, () => reply.callNotFound()))
  return (fallback: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const navigation =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(api|rpc)(\/|$|\?)/.test(request.url) &&
        !/^application\/json\s*$/.test(request.headers.accept ?? '')
      if (!navigation) return fallback(request, reply)
      return servePage(request, reply, () => fallback(request, reply))
    }
}
