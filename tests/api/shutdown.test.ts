import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, createTestApp } from '../helpers/app'

let t: TestApp
let arrived!: () => void
const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/users/nonce/')) arrived()
      })
    },
  })
})
afterAll(() => t.close())

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('graceful shutdown', () => {
  it('lets a request in flight finish, refuses new connections, and closes without waiting for keep-alive', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

    // Keep the nonce table locked so the request stays in flight until we let it go.
    let release!: () => void
    const locked = new Promise<void>((resolve) => (release = resolve))
    let holding!: () => void
    const held = new Promise<void>((resolve) => (holding = resolve))
    const lock = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table sign_in_nonces in exclusive mode`)
      holding()
      await locked
    })
    await held
    const inFlight = fetch(`${base}/api/users/nonce/?wallet_address=11111111111111111111111111111111`)
    await requestArrived

    const started = Date.now()
    const closing = t.app.close()
    while (t.app.server.listening) await pause(5)
    await expect(fetch(`${base}/api/config/`)).rejects.toThrow()
    release()
    await lock
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(response.headers.get('connection')).toBe('close')
    await closing
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
