import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, createTestApp } from '../helpers/app'
import { testWallet } from '../helpers/wallet'

let t: TestApp
beforeAll(async () => {
  const limit = { max: 3, windowMs: 60_000 }
  const rateLimits = {
    nonce: limit,
    login: limit,
    register: limit,
    relayWrite: limit,
    relayRead: limit,
    faucet: limit,
    imageRender: limit,
  }
  t = await createTestApp({ config: { rateLimits } })
})
afterAll(() => t.close())

async function hammer(count: number, request: () => Promise<{ statusCode: number }>) {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) statuses.push((await request()).statusCode)
  return statuses
}

describe('rate limits', () => {
  it('answers 429 in the error shape once a client asks for too many nonces', async () => {
    const wallet = testWallet().address
    const statuses = await hammer(4, () =>
      t.app.inject({ method: 'GET', url: '/api/users/nonce/', query: { wallet_address: wallet } }),
    )
    expect(statuses).toEqual([200, 200, 200, 429])
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/nonce/',
      query: { wallet_address: wallet },
    })
    expect(response.statusCode).toBe(429)
    expect(response.json()).toMatchObject({
      error: 'Too many requests. Please slow down.',
      code: 'rate_limited',
    })
    expect(response.headers['retry-after']).toBeDefined()
  })

  it('limits login and registration attempts per client', async () => {
    const body = { wallet_address: testWallet().address, signature: '1', message: 'x', email: 'a@b.co' }
    const logins = await hammer(4, () =>
      t.app.inject({ method: 'POST', url: '/api/users/login/', payload: body }),
    )
    const registrations = await hammer(4, () =>
      t.app.inject({ method: 'POST', url: '/api/users/register/', payload: body }),
    )
    expect(logins).toContain(429)
    expect(registrations).toContain(429)
  })

  it('refuses exactly the requests over the limit when a burst arrives at once', async () => {
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/users/nonce/',
          query: { wallet_address: testWallet().address },
          remoteAddress: '10.9.9.9',
        }),
      ),
    )
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429])
  })

  it('opens a new window once the old one has passed', async () => {
    const ask = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/nonce/',
        query: { wallet_address: testWallet().address },
        remoteAddress: '10.7.7.7',
      })
    expect(await hammer(4, ask)).toEqual([200, 200, 200, 429])
    t.clock.advance(60_000)
    expect((await ask()).statusCode).toBe(200)
  })

  it('counts each client separately', async () => {
    const fromElsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/users/nonce/',
      query: { wallet_address: testWallet().address },
      remoteAddress: '10.1.2.3',
    })
    expect(fromElsewhere.statusCode).toBe(200)
  })
})
