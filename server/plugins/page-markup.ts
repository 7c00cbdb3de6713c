// A public page's first screen rendered with its data on request (issue 10: LCP): the build's page renderer
// (src/prerender/render.tsx, kept as dist/.ssr/render.js) draws the page's route with the reads the server answered
// for it, and the markup replaces the prerendered skeletons inside <div id="root">. The markup is kept per page
// while its answers stay the same (they come from the read cache, so a donation, an edit or a boost that changes
// them renders the page again), so a busy page costs one render per change of its data, not one per request.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { PAGE_RENDERER, type PageRenderer } from './prerendered-file'

const ROOT_OPEN = '<div id="root">'
/** Tells the PWA the root holds the page its own first render draws (src/main.tsx hydrates it then). */
const RENDERED_ROOT = '<div id="root" data-server-rendered>'
/** Pages whose markup is kept (every /donate/{id} is one); the oldest goes first. */
const KEPT_PAGES = 500

interface Kept {
  answers: string
  markup: string
}

/** The root's content replaced: it runs from <div id="root"> to the last </div> of the body. */
function withRoot(html: string, markup: string): string | undefined {
  const start = html.indexOf(ROOT_OPEN)
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'))
  if (start < 0 || end < start) return undefined
  return html.slice(0, start) + RENDERED_ROOT + markup + html.slice(end)
}

export function pageMarkup(app: FastifyInstance) {
  const renderers = new Map<string, Promise<PageRenderer | undefined>>()
  const rendererIn = (distDir: string) => {
    if (!renderers.has(distDir)) {
      const file = path.join(distDir, PAGE_RENDERER)
      // A build without it (an older build, a test's dist) serves the prerendered page with its data blocks.
      const loaded = fs.existsSync(file)
        ? (import(pathToFileURL(file).href) as Promise<PageRenderer>)
        : Promise.resolve(undefined)
      renderers.set(distDir, loaded)
    }
    return renderers.get(distDir)!
  }
  const kept = new Map<string, Kept>()

  /** The page with its first screen rendered from `answers` (bodies by URL), or undefined to serve it as it is. */
  return async (distDir: string, html: string, pathname: string, answers: Map<string, string>) => {
    const key = [...answers.values()].join('\n')
    let page = kept.get(pathname)
    if (page?.answers !== key) {
      try {
        const renderer = await rendererIn(distDir)
        if (!renderer) return undefined
        page = { answers: key, markup: await renderer.renderServed(pathname, answers) }
      } catch (error) {
        app.log.warn({ err: error, pathname }, 'the page renderer failed: served with its skeletons')
        return undefined
      }
      kept.delete(pathname)
      kept.set(pathname, page)
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!)
    }
    return withRoot(html, page.markup)
  }
}
