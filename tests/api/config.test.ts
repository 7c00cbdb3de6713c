import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/client'
import { type TestApp, createTestApp } from '../helpers/app'
import { testConfig } from '../helpers/config'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/api/test/boom/', async () => {
        throw new Error('connection to db.internal:5432 failed for user lifeline')
      })
    },
  })
})
afterAll(() => t.close())

describe('GET /api/config/', () => {
  it('gives the PWA its runtime settings for the local cluster, with the ledger mounted at /rpc', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config/' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      app_name: 'Lifeline',
      public_url: 'http://localhost:8080',
      cluster: 'local',
      rpc_url: 'http://localhost:8080/rpc',
      ws_url: 'ws://localhost:8080/rpc',
      explorer_url:
        'https://explorer.solana.com/?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A8080%2Frpc',
      platform_wallet: t.config.platformWallet,
      // this app has no ledger, so no USDC mint
      usdc_mint: null,
      usdc_decimals: 6,
      listing_fee: '0.5',
      boost_fee: '0.1',
      boost_days: 7,
      tip_percent: 5,
      max_upload_bytes: 5242880,
      push_public_key: t.config.push.vapid.publicKey,
    })
    expect(
      Buffer.from(response.json<{ push_public_key: string }>().push_public_key, 'base64url'),
    ).toHaveLength(65)
  })

  it('is revalidated with its ETag: a client that holds the answer gets 304 and no body', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/config/' })
    expect(first.headers['cache-control']).toBe('public, no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/config/',
        headers: { 'if-none-match': ifNoneMatch },
      })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['content-security-policy']).toBeDefined()
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/config/',
      headers: { 'if-none-match': '"from-an-older-deployment"' },
    })
    expect(stale.statusCode).toBe(200)
    expect(stale.json()).toEqual(first.json())
  })

  it('answers without the trailing slash too', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200)
  })

  it('hands out the configured RPC and the devnet explorer on devnet', async () => {
    const devnet = await createTestApp({
      config: {
        cluster: 'devnet',
        publicRpcUrl: 'https://api.devnet.solana.com',
        publicWsUrl: 'wss://api.devnet.solana.com',
      },
    })
    try {
      const response = await devnet.app.inject({ method: 'GET', url: '/api/config/' })
      const body = response.json()
      // Another configuration is another answer: a client holding the local one must not keep it.
      const local = await t.app.inject({ method: 'GET', url: '/api/config/' })
      expect(response.headers.etag).not.toBe(local.headers.etag)
      expect(body).toMatchObject({
        cluster: 'devnet',
        rpc_url: 'https://api.devnet.solana.com',
        ws_url: 'wss://api.devnet.solana.com',
        explorer_url: 'https://explorer.solana.com/?cluster=devnet',
      })
    } finally {
      await devnet.close()
    }
  })
})

describe('GET /api/health/', () => {
  it('answers ok while the database answers, with the background loops this instance runs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' })
    expect(response.statusCode).toBe(200)
    // One process on its own runs every loop (this app has no ledger, so no watcher).
    expect(response.json()).toEqual({ status: 'ok', loops: ['file-recovery', 'push-worker'] })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers 503 when the database does not answer', async () => {
    const unreachable = { execute: () => Promise.reject(new Error('ECONNREFUSED')) } as unknown as Db
    const app = await buildApp(testConfig(), { db: unreachable, distDir: '/nonexistent' })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/' })
      expect(response.statusCode).toBe(503)
      expect(response.json().code).toBe('service_unavailable')
    } finally {
      await app.close()
    }
  })
})

describe('HTTP surface', () => {
  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing/' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      error: 'Not found',
      detail: 'No route for GET /api/no/such/thing/',
      code: 'not_found',
    })
  })

  it('refuses a JSON body that does not parse with 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"wallet_address": ',
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'detail', 'error'])
  })

  it('answers an unexpected failure with 500 and no internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom/' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: 'Internal server error',
      detail: 'Internal server error',
      code: 'internal_error',
    })
  })

  it('refuses a body over the size limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { wallet_address: 'x', signature: 'y', message: 'z'.repeat(1_100_000) },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json().code).toBe('payload_too_large')
  })

  it('refuses a body of an unsupported type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().code).toBe('unsupported_media_type')
  })

  it('serves the OpenAPI document generated from the route schemas, and Swagger UI at /api/docs/', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(spec.openapi).toMatch(/^3\./)
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/config/',
        '/api/users/nonce/',
        '/api/users/login/',
        '/api/users/register/',
        '/api/users/me/',
      ]),
    )
    expect(
      spec.paths['/api/users/login/'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['wallet_address', 'signature', 'message']))
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(ui.statusCode).toBe(200)
    expect(ui.headers['content-type']).toContain('text/html')
  })

  it('sends a content security policy fit for the PWA', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/config/' })).headers['content-security-policy'],
    )
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("img-src 'self' data: blob: https:")
    expect(csp).toContain(
      'frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com',
    )
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("manifest-src 'self'")
    expect(csp).toMatch(/connect-src 'self'[^;]*ws:\/\/localhost:8080/)
    expect(csp).not.toContain('upgrade-insecure-requests')
  })

  it('allows cross-origin calls only from the PUBLIC_URL origin', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/users/login/',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    expect((await preflight('http://localhost:8080')).headers['access-control-allow-origin']).toBe(
      'http://localhost:8080',
    )
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined()
  })
})
