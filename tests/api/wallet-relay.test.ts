// The blind wallet relay: single read, 10-minute life, size-capped, rate-limited, and never in the logs.
import { randomBytes } from 'node:crypto'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, createTestApp } from '../helpers/app'

const newId = () => randomBytes(16).toString('base64url')
const approval = () => ({
  phantom_encryption_public_key: bs58.encode(randomBytes(32)),
  nonce: bs58.encode(randomBytes(24)),
  data: bs58.encode(randomBytes(120)),
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const post = (id: string, payload: unknown, app = t) =>
  app.app.inject({
    method: 'POST',
    url: `/api/wallet-relay/${id}/`,
    payload: payload as object,
    headers: { 'content-type': 'application/json' },
  })
const get = (id: string, app = t) => app.app.inject({ method: 'GET', url: `/api/wallet-relay/${id}/` })

describe('the wallet relay', () => {
  it('hands the encrypted answer to exactly one reader, then forgets it', async () => {
    const id = newId()
    const answer = approval()
    const stored = await post(id, answer)
    expect(stored.statusCode).toBe(201)
    const first = await get(id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual(answer)
    expect(first.headers['cache-control']).toBe('no-store')
    const second = await get(id)
    expect(second.statusCode).toBe(404)
    expect(second.json().code).toBe('not_found')
  })

  it('relays a refusal (errorCode and errorMessage) just the same', async () => {
    const id = newId()
    expect(
      (await post(id, { errorCode: '4001', errorMessage: 'User rejected the request.' })).statusCode,
    ).toBe(201)
    expect((await get(id)).json()).toEqual({ errorCode: '4001', errorMessage: 'User rejected the request.' })
  })

  it('refuses a second answer for the same request, before and after it was read', async () => {
    const id = newId()
    await post(id, approval())
    const again = await post(id, approval())
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'relay_taken' })
    await get(id)
    expect((await post(id, approval())).statusCode).toBe(409)
  })

  it('lets an unread answer expire after 10 minutes', async () => {
    const id = newId()
    await post(id, approval())
    t.clock.advance(10 * 60_000 + 1)
    expect((await get(id)).statusCode).toBe(404)
  })

  it('accepts only a wallet answer of a few KB under a 128-bit request id', async () => {
    expect((await post(newId(), { nonce: approval().nonce })).statusCode).toBe(400)
    expect((await post(newId(), { ...approval(), errorCode: '4001' })).statusCode).toBe(400)
    expect((await post(newId(), { ...approval(), session: 'x' })).statusCode).toBe(400)
    expect((await post(newId(), { ...approval(), data: '0OIl' })).statusCode).toBe(400)
    expect((await post('short', approval())).statusCode).toBe(400)
    expect((await get('short')).statusCode).toBe(400)
    const huge = { ...approval(), data: bs58.encode(randomBytes(3500)) }
    expect((await post(newId(), huge)).statusCode).toBe(413)
  })

  it('refuses a lone surrogate in errorMessage with 400 invalid_text, and stores nothing under the id', async () => {
    const id = newId()
    const response = await post(id, '{"errorCode":"4001","errorMessage":"\\ud800 rejected"}')
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_text' })
    expect(response.json().error).toContain('errorMessage')
    expect((await post(id, { errorCode: '4001', errorMessage: 'rejected' })).statusCode).toBe(201)
  })
})

describe('limits and logs', () => {
  it('rate-limits writes and reads per client', async () => {
    const limit = { max: 2, windowMs: 60_000 }
    const limited = await createTestApp({
      config: { rateLimits: { ...t.config.rateLimits, relayWrite: limit, relayRead: limit } },
    })
    try {
      const writes = [await post(newId(), approval(), limited), await post(newId(), approval(), limited)]
      expect(writes.map((r) => r.statusCode)).toEqual([201, 201])
      const refused = await post(newId(), approval(), limited)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().code).toBe('rate_limited')
      await get(newId(), limited)
      await get(newId(), limited)
      expect((await get(newId(), limited)).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('logs neither the request id nor the answer, not even the callback page URL that carried it', async () => {
    const lines: string[] = []
    // At debug every request is logged (server/plugins/request-log.ts): the URLs are in the log, redacted.
    const logged = await createTestApp({
      config: { logLevel: 'debug' },
      deps: { logStream: { write: (line: string) => void lines.push(line) } },
    })
    try {
      const id = newId()
      const answer = approval()
      await post(id, answer, logged)
      await get(id, logged)
      await post('short', answer, logged)
      const query = new URLSearchParams(answer).toString()
      await logged.app.inject({
        method: 'GET',
        url: `/wallet/callback/${id}?${query}`,
        headers: { accept: 'text/html' },
      })
      const log = lines.join('\n')
      expect(log).toContain('/wallet/callback/[redacted]')
      for (const secret of [id, answer.nonce, answer.data, answer.phantom_encryption_public_key])
        expect(log).not.toContain(secret)
    } finally {
      await logged.close()
    }
  })
})
