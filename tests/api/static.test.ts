import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, createTestApp } from '../helpers/app'

let t: TestApp
let dist: string
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lifeline</title>')
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}')
  t = await createTestApp({ deps: { distDir: dist } })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, accept = '*/*') => t.app.inject({ method: 'GET', url, headers: { accept } })

describe('serving the built PWA', () => {
  it('serves the app shell at / without letting caches keep it', async () => {
    const response = await get('/', 'text/html')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>Lifeline</title>')
    expect(response.headers['cache-control']).toBe('no-cache')
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
})
