// The app's renderer, which the build keeps (src/first-screen/render-page.tsx bundled for Node, dist/.ssr/render.js),
// given the server's own API in process: a public page's reads are answered by app.inject, the very answers the
// PWA would get, anonymous, from the read cache.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { PageRenderer, RenderedPage } from '../../api-contract/page-render'
import { PAGE_RENDERER } from './page-files'

/** A fetch of this server's own API, in process: GET only, as a loader reads. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const answer = await app.inject({
      method: 'GET',
      url: String(input),
      headers: { accept: 'application/json' },
      ...(init?.signal ? { signal: init.signal } : {}),
    })
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    })
  }
}

/** Renders public pages with the build in `distDir`; a build without a renderer (a test's dist) renders nothing. */
export function pageRenderer(app: FastifyInstance, distDir: string) {
  const file = path.join(distDir, PAGE_RENDERER)
  let loaded: Promise<PageRenderer | undefined> | undefined
  const fetchImpl = inProcessFetch(app)
  return async (url: string): Promise<RenderedPage | undefined> => {
    loaded ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<PageRenderer>)
      : Promise.resolve(undefined)
    const renderer = await loaded
    if (!renderer) return undefined
    try {
      return await renderer.renderPage(url, fetchImpl)
    } catch (error) {
      // The page then starts from the shell and reads its data in the browser: slower, never broken.
      app.log.warn({ err: error, url }, 'the page renderer failed: served the shell')
      return undefined
    }
  }
}
