// Serving the built PWA (server/web/): its files as the build wrote them, and its pages: a public page rendered
// with its reads by the build's renderer inside its template, the shell for any other route.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/precompress'
import { type TestApp, createTestApp } from '../helpers/app'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(400))})`

/**
 * A stand-in for the build's renderer (dist/.ssr/render.js, src/first-screen/render-page.tsx, whose own output
 * src/first-screen/render-page.test.tsx checks): /donate/{id} is a public page whose read it asks the server for,
 * /boom fails, anything else is no public page.
 */
const STAND_IN_RENDERER = `
export async function renderPage(url, fetchImpl) {
  if (url === '/boom') throw new Error('the renderer broke')
  const id = /^\\/donate\\/(\\d+)$/.exec(url)?.[1]
  if (!id) return undefined
  const answer = await fetchImpl('/api/emergency/detail/' + id + '/')
  const emergency = await answer.json()
  return {
    page: 'donate',
    status: answer.status === 200 ? 200 : 404,
    markup: '<main><h1>' + (emergency.title ?? 'missing') + '</h1></main>',
    hydration: '<script type="application/json" id="page-hydration">{"id":' + id + '}</script>',
    head: {
      preload: '<link rel="preload" as="image" href="/first.webp">',
      tags: '<title>' + emergency.title + ' · Lifeline</title><meta name="description" content="page">',
    },
  }
}
`

/** The donate page's own styles, as its template inlines them. */
const DONATE_STYLE = `<style>${'.donate-card{padding:1rem}'.repeat(80)}</style>`

const SHELL = (extra = '') =>
  '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />' +
  '<title>Lifeline</title><meta name="description" content="shell" />' +
  extra +
  '</head><body><div id="root"><nav>the shell</nav></div></body></html>'

let t: TestApp
let dist: string
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL())
  // As scripts/prerender.ts writes them: a public page's template, and the renderer.
  fs.mkdirSync(path.join(dist, 'prerendered'))
  fs.writeFileSync(path.join(dist, 'prerendered', 'donate.html'), SHELL(DONATE_STYLE))
  fs.mkdirSync(path.join(dist, '.ssr'))
  fs.writeFileSync(path.join(dist, '.ssr', 'render.js'), STAND_IN_RENDERER)
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT)
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}')
  // As the build does (vite.config.ts): a brotli and a gzip copy beside each file.
  precompress(dist)
  t = await createTestApp({ deps: { distDir: dist } })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, accept = '*/*', encodings?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { accept, ...(encodings ? { 'accept-encoding': encodings } : {}) },
  })

describe('pages', () => {
  it("renders a public page with the API's answer inside its template, for browsers and crawlers alike", async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const emergency = await createEmergency(t.app, bearer, { title: 'Shelter after the flood' })
    for (const accept of ['text/html', '*/*']) {
      const response = await get(`/donate/${emergency.id}`, accept)
      expect(response.statusCode, accept).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<div id="root"><main><h1>Shelter after the flood</h1></main></div>')
      // The page's template (its own styles), not the shell's.
      expect(response.body).toContain(DONATE_STYLE)
      expect(response.body).toContain(
        `<script type="application/json" id="page-hydration">{"id":${emergency.id}}</script></head>`,
      )
    }
  })

  it("puts the page's image preload right after the viewport, and its title and description in place of the shell's", async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const emergency = await createEmergency(t.app, bearer, { title: 'Roof repairs' })
    const html = (await get(`/donate/${emergency.id}`, 'text/html')).body
    expect(html).toContain(
      '<meta name="viewport" content="width=device-width" /><link rel="preload" as="image" href="/first.webp">',
    )
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<title>Roof repairs · Lifeline</title>')
    expect(html).not.toContain('content="shell"')
  })

  it("answers with the renderer's status: a missing emergency's page is a 404", async () => {
    const response = await get('/donate/987654', 'text/html')
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<h1>missing</h1>')
  })

  it('serves the shell to a browser for any other route, and to a client that did not ask for HTML a 404', async () => {
    for (const url of ['/', '/dashboard', '/explore?q=flood']) {
      const response = await get(url, 'text/html,application/xhtml+xml')
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('<nav>the shell</nav>')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
    expect((await get('/dashboard', '*/*')).statusCode).toBe(404)
  })

  it('serves the shell when the renderer fails: the app then reads the page in the browser', async () => {
    const response = await get('/boom', 'text/html')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<nav>the shell</nav>')
  })

  it("never sends the pages' templates or the renderer", async () => {
    for (const url of ['/prerendered/donate.html', '/.ssr/render.js'])
      expect((await get(url, 'text/html')).body, url).not.toContain('renderPage')
    expect((await get('/prerendered/donate.html', '*/*')).statusCode).toBe(404)
    expect((await get('/.ssr/render.js', '*/*')).statusCode).toBe(404)
  })

  it('keeps JSON 404s under /api and /rpc even for browsers', async () => {
    const api = await get('/api/nothing/here/', 'text/html')
    expect(api.statusCode).toBe(404)
    expect(api.json().code).toBe('not_found')
    expect((await get('/rpc/whatever', 'text/html')).statusCode).toBe(404)
  })
})

describe("the build's files", () => {
  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/index-abc123.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('always revalidates the service worker and the manifest', async () => {
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache')
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache')
  })

  it('answers a missing file that is not a page with 404', async () => {
    expect((await get('/assets/missing.js', 'application/javascript')).statusCode).toBe(404)
  })

  it("serves a new build's assets as soon as they are written, even one asked for before it existed", async () => {
    expect((await get('/assets/later-def456.js', 'application/javascript')).statusCode).toBe(404)
    fs.writeFileSync(path.join(dist, 'assets', 'later-def456.js'), 'console.log("the new build")')
    const response = await get('/assets/later-def456.js', 'application/javascript')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('console.log("the new build")')
  })

  it('answers a browser revalidating an asset it holds with 304 and no body', async () => {
    const first = await get('/assets/index-abc123.js', '*/*', 'br')
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })
})

describe('compressed answers', () => {
  it('sends the brotli copy of an asset to a client that takes brotli, with the same cache headers', async () => {
    const response = await get('/assets/index-abc123.js', '*/*', 'gzip, deflate, br')
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT)
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4)
  })

  it('sends the gzip copy to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/index-abc123.js', '*/*', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT)
    const plain = await get('/assets/index-abc123.js', '*/*', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body).toBe(SCRIPT)
  })

  it('compresses the shell and the service worker and still never lets caches keep them', async () => {
    for (const url of ['/', '/dashboard', '/sw.js']) {
      const response = await get(url, 'text/html', 'br')
      expect(response.headers['content-encoding'], url).toBe('br')
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('compresses a rendered page as it leaves', async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const emergency = await createEmergency(t.app, bearer, { title: 'Shelter after the flood' })
    const response = await get(`/donate/${emergency.id}`, 'text/html', 'gzip, br')
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Shelter after the flood')
  })

  it('sends a read cache miss quickly compressed once, and its hits the stronger form it keeps', async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const description =
      'The river rose through the lower town overnight; families need shelter and food. '.repeat(12)
    const emergency = await createEmergency(t.app, bearer, { title: 'Flood in the lower town', description })
    const url = `/api/emergency/detail/${emergency.id}/`
    const miss = await get(url, 'application/json', 'br')
    const hit = await get(url, 'application/json', 'br')
    for (const answer of [miss, hit]) expect(answer.headers['content-encoding']).toBe('br')
    const body = brotliDecompressSync(miss.rawPayload).toString()
    expect(JSON.parse(body)).toMatchObject({ id: emergency.id, description: description.trim() })
    expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(body)
    expect(hit.rawPayload.length).toBeLessThan(miss.rawPayload.length)
  })

  it('compresses JSON answers above a kilobyte on the fly, and leaves small ones alone', async () => {
    const big = await get('/api/docs/json', 'application/json', 'br')
    expect(big.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toMatchObject({ openapi: '3.0.3' })
    const small = await get('/api/nothing/here/', 'application/json', 'br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().code).toBe('not_found')
  })
})
