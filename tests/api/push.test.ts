// Web push subscriptions and following, through the API: who may subscribe, which endpoints the server refuses to
// ever POST to (tests name loopback addresses and names that do not resolve, never a private-range address), the
// per-user limit, and following an emergency. Nothing is sent here (no worker): push-delivery.test.ts sends.
import { createECDH } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import type { PushSubscriptionRequest } from '../../api-contract/push'
import { pushSubscriptions } from '../../server/modules/push/push.table'
import { testConfig } from '../helpers/config'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const MAX = 3
let t: LedgerTestApp
let owner: PayingUser
let donor: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [owner, donor],
  } = await ledgerAppWithAdmin([0, 0], {
    config: { push: { ...testConfig().push, maxSubscriptionsPerUser: MAX } },
    deps: { pushWorker: false },
  }))
  emergency = await createEmergency(t.app, owner.bearer)
})
afterAll(async () => {
  await t.close()
})

/** A browser's PushSubscription JSON: a fresh P-256 key and auth secret, on a push host that does not resolve here. */
function browser(endpoint = `https://push.invalid/send/${crypto.randomUUID()}`): PushSubscriptionRequest {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: crypto.getRandomValues(Buffer.alloc(16)).toString('base64url'),
    },
  }
}

const subscribe = (payload: object, who: PayingUser | null = donor) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: who?.bearer ?? {}, payload })
const unsubscribe = (endpoint: string, who: PayingUser | null) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/push/subscriptions/',
    headers: who?.bearer ?? {},
    payload: { endpoint },
  })
const stored = (endpoint: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
const userId = async (who: PayingUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: who.bearer })).json<{ id: number }>()
    .id

describe('POST /api/push/subscriptions/', () => {
  it('stores this browser’s subscription for the signed-in user; signed out it is 401', async () => {
    const subscription = browser()
    const response = await subscribe(subscription)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ endpoint: subscription.endpoint })
    expect(await stored(subscription.endpoint)).toMatchObject([
      { userId: await userId(donor), p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    ])
    const anonymous = browser()
    expect((await subscribe(anonymous, null)).statusCode).toBe(401)
    expect(await stored(anonymous.endpoint)).toEqual([])
  })

  it('refuses endpoints that are not https or name a loopback, private or link-local address literally', async () => {
    for (const endpoint of [
      'http://push.invalid/send/1',
      'https://127.0.0.1/send/1',
      'https://127.0.0.1:8443/send/1',
      'https://2130706433/send/1',
      'https://[::1]/send/1',
      'https://[::ffff:127.0.0.1]/send/1',
      'https://localhost/send/1',
      'https://push.localhost/send/1',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const response = await subscribe(browser(endpoint))
      expect(response.statusCode, endpoint).toBe(400)
      expect(response.json().code).toBe('validation_error')
      expect(await stored(endpoint)).toEqual([])
    }
    expect((await subscribe(browser('https://push.invalid/send/1'))).statusCode).toBe(201)
  })

  it('refuses keys that are not a P-256 public key and a 16-byte secret', async () => {
    const good = browser()
    const point = Buffer.from(good.keys.p256dh, 'base64url')
    point[40]! ^= 1
    for (const keys of [
      { ...good.keys, p256dh: point.toString('base64url') },
      { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) },
      { ...good.keys, p256dh: 'not base64url!' },
      { ...good.keys, auth: Buffer.alloc(8).toString('base64url') },
    ]) {
      const response = await subscribe({ ...good, keys })
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toContain('keys.p256dh must be a P-256 public key')
    }
    expect((await subscribe({ endpoint: good.endpoint })).statusCode).toBe(400)
    expect(await stored(good.endpoint)).toEqual([])
  })

  it(`keeps a user's ${MAX} newest browsers: a new one pushes out the oldest`, async () => {
    const user = owner
    const browsers = [browser(), browser(), browser(), browser()]
    for (const b of browsers) expect((await subscribe(b, user)).statusCode).toBe(201)
    const kept = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await userId(user)))
    expect(kept.map((s) => s.endpoint).sort()).toEqual(
      browsers
        .slice(1)
        .map((b) => b.endpoint)
        .sort(),
    )
    // Subscribing the oldest kept browser again makes it the newest.
    await subscribe(browsers[1]!, user)
    await subscribe(browser(), user)
    expect(await stored(browsers[1]!.endpoint)).toHaveLength(1)
    expect(await stored(browsers[2]!.endpoint)).toEqual([])
  })

  it('gives a browser to the account that subscribed it last (another account signed in on the same device)', async () => {
    const shared = browser()
    await subscribe(shared, donor)
    await subscribe({ ...shared, keys: browser().keys }, owner)
    expect(await stored(shared.endpoint)).toMatchObject([{ userId: await userId(owner) }])
  })
})

describe('DELETE /api/push/subscriptions/', () => {
  it('removes a subscription by its endpoint alone, signed in or not (a logout whose session already ended)', async () => {
    const [signedIn, signedOut] = [browser(), browser()]
    await subscribe(signedIn)
    await subscribe(signedOut)
    expect((await unsubscribe(signedIn.endpoint, donor)).statusCode).toBe(204)
    expect((await unsubscribe(signedOut.endpoint, null)).statusCode).toBe(204)
    expect(await stored(signedIn.endpoint)).toEqual([])
    expect(await stored(signedOut.endpoint)).toEqual([])
    expect((await unsubscribe(signedOut.endpoint, null)).statusCode).toBe(204)
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions/', payload: {} })).statusCode,
    ).toBe(400)
  })
})

describe('following an emergency', () => {
  const follow = (method: 'GET' | 'POST' | 'DELETE', who: PayingUser | null, id = emergency.id) =>
    t.app.inject({ method, url: `/api/emergency/${id}/follow/`, headers: who?.bearer ?? {} })

  it('a signed-in user follows and stops following; the answer says which', async () => {
    expect((await follow('GET', donor)).json()).toEqual({ following: false })
    expect((await follow('POST', donor)).json()).toEqual({ following: true })
    expect((await follow('POST', donor)).json()).toEqual({ following: true })
    expect((await follow('GET', donor)).json()).toEqual({ following: true })
    expect((await follow('GET', owner)).json()).toEqual({ following: false })
    expect((await follow('DELETE', donor)).json()).toEqual({ following: false })
    expect((await follow('GET', donor)).json()).toEqual({ following: false })
  })

  it('answers 401 signed out and 404 for an emergency nobody may see', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await follow(method, null)).statusCode, method).toBe(401)
    expect((await follow('POST', donor, 999_999)).statusCode).toBe(404)
    const deleted = await createEmergency(t.app, owner.bearer)
    await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${deleted.id}/`,
      headers: owner.bearer,
    })
    expect((await follow('POST', donor, deleted.id)).statusCode).toBe(404)
    expect((await follow('DELETE', donor, deleted.id)).statusCode).toBe(200)
  })
})
