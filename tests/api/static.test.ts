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

let t: TestApp
let dist: string
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Lifeline</title></head><body><div id="root"></div></body></html>',
  )
  // As scripts/prerender.ts writes them: a public route's first screen.
  fs.mkdirSync(path.join(dist, 'prerendered'))
  fs.writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<html><h1>Help that arrives</h1></html>')
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'explore.html'),
    '<html><h1>Explore Emergencies</h1></html>',
  )
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'donate.html'),
    '<html><head><title>Lifeline</title></head><body><div class="skeleton"></div></body></html>',
  )
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

describe('serving the built PWA', () => {
  it('serves the prerendered home page at / to any client, without letting caches keep it', async () => {
    for (const accept of ['text/html', '*/*']) {
      const response = await get('/', accept)
      expect(response.statusCode, accept).toBe(200)
      expect(response.body).toContain('<h1>Help that arrives</h1>')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
  })

  it("serves a public route's prerendered first screen, with or without a trailing slash or a query", async () => {
    for (const url of ['/explore', '/explore/', '/explore?q=flood']) {
      const response = await get(url, 'text/html')
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('<h1>Explore Emergencies</h1>')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
  })

  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/index-abc123.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('always revalidates the service worker and the manifest', async () => {
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache')
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache')
  })

  it('answers client-side routes that accept HTML with index.html', async () => {
    const response = await get('/donate/42', 'text/html,application/xhtml+xml')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>Lifeline</title>')
  })

  it('keeps JSON 404s under /api and /rpc even for browsers', async () => {
    const api = await get('/api/nothing/here/', 'text/html')
    expect(api.statusCode).toBe(404)
    expect(api.json().code).toBe('not_found')
    expect((await get('/rpc/whatever', 'text/html')).statusCode).toBe(404)
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
    for (const url of ['/', '/explore', '/sw.js']) {
      const response = await get(url, 'text/html', 'br')
      expect(response.headers['content-encoding'], url).toBe('br')
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('compresses the page a shell hook makes (a link preview) as it leaves', async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const emergency = await createEmergency(t.app, bearer, { title: 'Shelter after the flood' })
    const response = await get(`/donate/${emergency.id}`, 'text/html', 'gzip, br')
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('no-cache')
    const page = brotliDecompressSync(response.rawPayload).toString()
    expect(page).toContain('og:title')
    // Built from the donate route's prerendered first screen, shared by every /donate/{id}.
    expect(page).toContain('<div class="skeleton"></div>')
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
