// The request log at info holds what an operator acts on (slow requests; server errors come from the error
// handler), not two lines per request; at debug it holds every request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SLOW_REQUEST_MS } from '../../server/plugins/request-log'
import { type TestApp, createTestApp } from '../helpers/app'

const lines: string[] = []
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'info' },
    deps: { logStream: { write: (line: string) => void lines.push(line) } },
    extend: (app) => {
      app.get('/test/slow/', async () => {
        await new Promise((done) => setTimeout(done, SLOW_REQUEST_MS + 50))
        return { ok: true }
      })
      // A route kept out of the request log, as the wallet relay's are, whose handler fails.
      app.get('/test/silent/:secret/', { logLevel: 'silent' }, async () => {
        throw new Error('the handler failed')
      })
    },
  })
})
afterAll(() => t.close())

describe('the request log at info', () => {
  it('says nothing about a quick answer', async () => {
    lines.length = 0
    expect((await t.app.inject({ method: 'GET', url: '/api/config/' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/emergency/list/' })).statusCode).toBe(200)
    expect(lines).toEqual([])
  })

  it('warns about a slow one, with its route, status and time', async () => {
    lines.length = 0
    expect((await t.app.inject({ method: 'GET', url: '/test/slow/' })).statusCode).toBe(200)
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      level: 40,
      msg: 'slow request',
      req: { method: 'GET', url: '/test/slow/' },
    })
    expect(entries[0]!.responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_MS)
    expect((entries[0]!.res as { statusCode: number }).statusCode).toBe(200)
  })
})

describe('server errors', () => {
  it('are logged even on a route whose requests are not, by the route and without its URL', async () => {
    lines.length = 0
    const secret = 'Zm9yLWV5ZXMtb25seQ'
    const response = await t.app.inject({ method: 'GET', url: `/test/silent/${secret}/` })
    expect(response.statusCode).toBe(500)
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        method: 'GET',
        route: '/test/silent/:secret/',
      }),
    )
    expect(lines.join('\n')).not.toContain(secret)
  })
})
