// Web push end to end: browsers subscribe as PushManager.subscribe() makes them (keys created by a push service on
// loopback, web-push-testing, which checks our VAPID signature and decrypts each message with the subscription's
// private keys), gifts are credited (one by the reference watcher, with no call from the donor), updates posted, and
// what each phone would show is read back decrypted. Also: a push service that fails or forgets a browser, and a
// push host whose name resolves to a loopback address when the server connects.
import net from 'node:net'
import { Keypair } from '@solana/web3.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicConfig } from '../../api-contract/config'
import type { Emergency } from '../../api-contract/emergencies'
import type { PushPayload } from '../../api-contract/push'
import { pushSubscriptions } from '../../server/modules/push/push.table'
import type { ClaimedDelivery } from '../../server/modules/push/outbox.repository'
import type { SendOutcome } from '../../server/modules/push/push-sender'
import { eventually, requestDonation, signAndSend } from '../helpers/actions'
import { noNameResolution } from '../helpers/app'
import { testConfig } from '../helpers/config'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { type BrowserSubscription, startPushService, type TestPushService } from '../helpers/push-service'
import { createEmergency } from './emergencies-fixtures'

const FIRST_RETRY_MS = 30_000
/** Where the rebinding host's name points when the server connects: a listener that must never see a connection. */
let trap: net.Server
let trapped = 0
let service: TestPushService
let t: LedgerTestApp
let owner: PayingUser
let follower: PayingUser
let donor: PayingUser
let admin: PayingUser
let emergency: Emergency
let vapidKey: string
const settled: { delivery: ClaimedDelivery; outcome: SendOutcome }[] = []

beforeAll(async () => {
  trap = net.createServer((socket) => {
    trapped++
    socket.destroy()
  })
  await new Promise<void>((done) => trap.listen(0, '127.0.0.1', done))
  service = await startPushService()
  ;({
    t,
    admin,
    users: [owner, follower, donor],
  } = await ledgerAppWithAdmin([0, 0, 3], {
    config: { push: { ...testConfig().push, allowedOrigins: new Set([service.origin]) } },
    deps: {
      referenceWatcher: { sweepMs: 250 },
      pushWorker: {
        pollMs: 50,
        firstRetryMs: FIRST_RETRY_MS,
        onSettled: (delivery, outcome) => void settled.push({ delivery, outcome }),
      },
      // DNS as a rebinding attacker answers it: the push host's name now points at this machine.
      pushLookup: (hostname, options, callback) =>
        hostname === 'push.rebind.test'
          ? setImmediate(() =>
              options.all
                ? callback(null, [{ address: '127.0.0.1', family: 4 }])
                : callback(null, '127.0.0.1', 4),
            )
          : noNameResolution(hostname, options, callback),
    },
  }))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Clinic generator', sol_goal: '1' })
  vapidKey = (await t.app.inject({ method: 'GET', url: '/api/config/' })).json<PublicConfig>().push_public_key
})
afterAll(async () => {
  await t?.close()
  await service?.close()
  await new Promise((done) => trap?.close(done))
})

/** Hands a browser's subscription to our server, as the PWA does once notifications are allowed. */
async function register(user: PayingUser, subscription: BrowserSubscription): Promise<BrowserSubscription> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions/',
    headers: user.bearer,
    payload: subscription,
  })
  expect(response.statusCode).toBe(201)
  return subscription
}

/** A browser of `user` that allowed notifications: subscribed at the push service, then with our server. */
const phoneOf = async (user: PayingUser) => register(user, await service.subscribe(vapidKey))

/** What the phone has shown once it has shown `count` notifications. */
const shown = (phone: BrowserSubscription, count: number) =>
  eventually(
    async () => {
      const received = await service.received(phone)
      return received.length >= count ? received : undefined
    },
    15_000,
    `${count} notifications`,
  )

const postUpdate = async (text: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/emergency/${emergency.id}/updates/`,
    headers: owner.bearer,
    payload: { text },
  })
  expect(response.statusCode).toBe(201)
}

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

let ownerPhone: BrowserSubscription
let followerPhone: BrowserSubscription

describe('what phones show', () => {
  it('the campaigner’s phone shows a gift the reference watcher credited with no call: amount, donor and comment', async () => {
    ownerPhone = await phoneOf(owner)
    const outsider = Keypair.generate()
    await fund(t, outsider.publicKey, 2)
    const { transaction } = await requestDonation(
      t.app,
      emergency.id,
      outsider.publicKey,
      `amount=0.5&comment=${encodeURIComponent('Get well soon')}`,
    )
    await signAndSend(t.ledger.connection, transaction, outsider)

    const [notice] = await shown(ownerPhone, 1)
    expect(notice).toEqual<PushPayload>({
      title: 'New donation to Clinic generator',
      body: `0.5 SOL from ${short(outsider.publicKey.toBase58())}: 'Get well soon'`,
      url: '/dashboard',
      tag: expect.stringMatching(/^donation-\d+$/) as unknown as string,
    })
  })

  it('followers’ phones show each update and the goal being reached; the campaigner’s shows the gift and the goal, not its own update', async () => {
    followerPhone = await phoneOf(follower)
    await t.app.inject({
      method: 'POST',
      url: `/api/emergency/${emergency.id}/follow/`,
      headers: follower.bearer,
    })
    await postUpdate('The generator arrived this morning.\nThank you!')
    expect((await shown(followerPhone, 1))[0]).toEqual({
      title: 'Update: Clinic generator',
      body: 'The generator arrived this morning. Thank you!',
      url: `/donate/${emergency.id}`,
      tag: expect.stringMatching(/^update-\d+$/) as unknown as string,
    })

    // The gift that reaches the 1 SOL goal, made in the app.
    const signature = await pay(t, donor.keypair, [
      { to: emergency.receiving_wallet, lamports: 500_000_000n },
    ])
    const recorded = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id, amount: '0.5', tx_hash: signature },
    })
    expect(recorded.statusCode).toBe(201)
    const goal = {
      title: 'Goal reached: Clinic generator',
      body: '1 SOL raised of a 1 SOL goal. Thank you!',
      url: `/donate/${emergency.id}`,
      tag: `goal-${emergency.id}`,
    }
    expect((await shown(followerPhone, 2))[1]).toEqual(goal)
    const owners = await shown(ownerPhone, 3)
    expect(owners.slice(1).sort((a, b) => a.tag.localeCompare(b.tag))).toEqual([
      {
        title: 'New donation to Clinic generator',
        body: `0.5 SOL from ${short(donor.address)}`,
        url: '/dashboard',
        tag: expect.stringMatching(/^donation-/),
      },
      goal,
    ])
    await new Promise((done) => setTimeout(done, 300))
    expect(await service.received(ownerPhone)).toHaveLength(3)
    expect(await service.received(followerPhone)).toHaveLength(2)
  })

  it('a donor’s phone shows, once, that an emergency they gave to was confirmed as a scam', async () => {
    const scam = await createEmergency(t.app, owner.bearer, { title: 'Fake flood relief', sol_goal: '5' })
    const donorPhone = await phoneOf(donor)
    const signature = await pay(t, donor.keypair, [{ to: scam.receiving_wallet, lamports: 10_000_000n }])
    const given = { emergency_id: scam.id, amount: '0.01', tx_hash: signature }
    const post = (url: string, headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url, headers, payload })
    expect((await post('/api/emergency/donate/', donor.bearer, given)).statusCode).toBe(201)
    expect((await post(`/api/emergency/${scam.id}/flag/`, {}, { reason: 'fake' })).statusCode).toBe(200)
    const confirmed = await post(`/api/emergency/admin/${scam.id}/review/`, admin.bearer, {
      action: 'approve',
    })
    expect(confirmed.statusCode).toBe(200)

    expect(await shown(donorPhone, 1)).toEqual([
      {
        title: 'Confirmed scam: Fake flood relief',
        body: 'An emergency you donated to was confirmed as a scam by our team and is no longer shown publicly.',
        url: '/dashboard',
        tag: `scam-${scam.id}`,
      },
    ])
    await new Promise((done) => setTimeout(done, 300))
    expect(await service.received(donorPhone)).toHaveLength(1)
  })
})

describe('when the push service fails or forgets a browser', () => {
  it('tries a failing push service again after a pause, and the phone shows the update once', async () => {
    const before = (await service.received(followerPhone)).length
    service.answerAll(503)
    const pushes = service.pushes()
    await postUpdate('Fuel for a month is paid.')
    await eventually(async () => (service.pushes() > pushes ? true : undefined), 10_000, 'a push')
    service.answerAll(undefined)
    await new Promise((done) => setTimeout(done, 300))
    expect(await service.received(followerPhone)).toHaveLength(before)

    t.clock.advance(FIRST_RETRY_MS)
    const after = await shown(followerPhone, before + 1)
    expect(after.at(-1)!.body).toBe('Fuel for a month is paid.')
    await new Promise((done) => setTimeout(done, 300))
    expect(await service.received(followerPhone)).toHaveLength(before + 1)
  })

  it('deletes the subscription of a browser the push service answers 410 Gone for, and sends it nothing more', async () => {
    await service.expire(followerPhone)
    await postUpdate('The first patients were seen.')
    await eventually(
      async () =>
        (
          await t.db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, followerPhone.endpoint))
        ).length === 0
          ? true
          : undefined,
      10_000,
      'the subscription to be deleted',
    )
    const last = settled.filter((s) => s.delivery.endpoint === followerPhone.endpoint).at(-1)!
    expect(last.outcome).toEqual({ kind: 'gone', reason: 'push service answered 410' })
  })

  it('never connects to a push host whose name resolves to a loopback address when sending: the subscription goes', async () => {
    const { port } = trap.address() as net.AddressInfo
    const rebinding = await register(follower, {
      ...(await service.subscribe(vapidKey)),
      endpoint: `https://push.rebind.test:${port}/send/1`,
    })
    await postUpdate('Night shifts are covered.')
    await eventually(
      async () => settled.find((s) => s.delivery.endpoint === rebinding.endpoint),
      10_000,
      'the rebinding endpoint to be settled',
    )
    expect(settled.find((s) => s.delivery.endpoint === rebinding.endpoint)!.outcome).toEqual({
      kind: 'gone',
      reason: 'push.rebind.test resolves to a loopback, private or link-local address',
    })
    expect(trapped).toBe(0)
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, rebinding.endpoint)),
    ).toEqual([])
  })
})
