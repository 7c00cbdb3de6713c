// Finding 4 of the hardening review (issue 11): with TRUST_PROXY=true a forged X-Forwarded-For chose the address
// every per-IP rate limit keys on. Behind one trusted proxy, only the address that proxy appended counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../../server/config'
import { type TestApp, createTestApp } from '../helpers/app'
import { testConfig } from '../helpers/config'
import { testWallet } from '../helpers/wallet'

const PROXY = '10.0.0.5'
const CLIENT = '198.51.100.7'
const OTHER_CLIENT = '198.51.100.8'

/** Four nonce requests from `client` through the proxy, each with a different forged address in front. */
async function forgedBurst(t: TestApp, remoteAddress = PROXY, client = CLIENT) {
  const statuses: number[] = []
  for (let i = 1; i <= 4; i++) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/nonce/',
      query: { wallet_address: testWallet().address },
      remoteAddress,
      // What the client sent (a new address each time) followed by what the proxy appended (the real peer).
      headers: { 'x-forwarded-for': `203.0.113.${i}, ${client}` },
    })
    statuses.push(response.statusCode)
  }
  return statuses
}

async function appTrusting(trustProxy: Config['trustProxy']) {
  const nonce = { max: 3, windowMs: 60_000 }
  return createTestApp({ config: { trustProxy, rateLimits: { ...testConfig().rateLimits, nonce } } })
}

describe('TRUST_PROXY', () => {
  let hops: TestApp
  let addresses: TestApp
  let none: TestApp
  beforeAll(async () => {
    ;[hops, addresses, none] = await Promise.all([appTrusting(1), appTrusting([PROXY]), appTrusting(false)])
  })
  afterAll(() => Promise.all([hops, addresses, none].map((t) => t.close())))

  it('behind one trusted hop, rate-limits the real client whatever address it forges', async () => {
    expect(await forgedBurst(hops)).toEqual([200, 200, 200, 429])
    // Another client behind the same proxy has a limit of its own (the proxy's address is not the key).
    expect(await forgedBurst(hops, PROXY, OTHER_CLIENT)).toEqual([200, 200, 200, 429])
  })

  it("with the proxy's address listed, does the same, and ignores the header from anyone else", async () => {
    expect(await forgedBurst(addresses)).toEqual([200, 200, 200, 429])
    expect(await forgedBurst(addresses, PROXY, OTHER_CLIENT)).toEqual([200, 200, 200, 429])
    // A client that reaches the server directly cannot pose as someone else either.
    expect(await forgedBurst(addresses, '192.0.2.44')).toEqual([200, 200, 200, 429])
  })

  it('trusts no header by default: the peer is the client', async () => {
    expect(await forgedBurst(none, '192.0.2.99')).toEqual([200, 200, 200, 429])
  })
})
