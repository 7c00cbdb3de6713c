// Live donations (GET /api/live/donations/, server-sent events): every credited donation, whatever path credited
// it, reaches the streams that follow it within 2 s, with what a screen needs to update without reading again.
// A real listening server (inject cannot hold a stream open); runs on PGlite and on PostgreSQL.
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import type { LiveDonation } from '../../api-contract/live'
import { requestDonation, signAndSend } from '../helpers/actions'
import { createTestApp } from '../helpers/app'
import { type EventStream, listening, openEventStream } from '../helpers/event-stream'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const SOL = BigInt(LAMPORTS_PER_SOL)
let t: LedgerTestApp
let donor: PayingUser
let campaigner: PayingUser
let admin: PayingUser
let base: string
let a: Emergency
let b: Emergency
let c: Emergency
const opened: EventStream[] = []

beforeAll(async () => {
  ;({
    t,
    admin,
    users: [donor, campaigner],
  } = await ledgerAppWithAdmin([10, 1], {
    deps: { referenceWatcher: { sweepMs: 250 } },
    config: {
      live: { heartbeatMs: 200, maxStreams: 12, maxStreamsPerAddress: 3 },
      // A socket idle for 1 s is closed, a request must arrive whole within 1.5 s: streams outlive both.
      connectionTimeoutMs: 1_000,
      requestTimeoutMs: 1_500,
      trustProxy: ['127.0.0.1'],
    },
  }))
  ;[a, b, c] = (await Promise.all(
    ['Roof after the storm', 'School books', 'Clinic fuel'].map((title) =>
      createEmergency(t.app, campaigner.bearer, { title, sol_goal: '10' }),
    ),
  )) as [Emergency, Emergency, Emergency]
  base = await listening(t.app)
})
afterAll(async () => {
  for (const stream of opened) stream.close()
  await t?.close()
})

let addresses = 0
/** A stream from its own client address (each address may hold 3). */
async function stream(query = '', headers: Record<string, string> = {}) {
  const opening = await openEventStream(`${base}/api/live/donations/${query}`, {
    'x-forwarded-for': `203.0.113.${++addresses}`,
    ...headers,
  })
  opened.push(opening)
  return opening
}
const following = (...emergencies: Emergency[]) =>
  stream(`?${emergencies.map((e) => `emergency_id=${e.id}`).join('&')}`)

async function donate(to: Emergency, sol: string, comment?: string) {
  const lamports = BigInt(Math.round(Number(sol) * 1000)) * (SOL / 1000n)
  const signature = await pay(t, donor.keypair, [{ to: to.receiving_wallet, lamports }])
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/',
    headers: donor.bearer,
    payload: { emergency_id: to.id, amount: sol, tx_hash: signature, comment },
  })
  expect(response.statusCode).toBe(201)
  return { signature, answeredAt: performance.now() }
}

const donationOf = async (live: EventStream) => {
  const event = await live.next('donation')
  return { ...event, body: JSON.parse(event.data) as LiveDonation }
}

describe('live donations', () => {
  it('sends a donation made in the app to the feed, to its emergency and to a dashboard within 2 s', async () => {
    const [feed, page, dashboard, other] = await Promise.all([
      stream(),
      following(a),
      following(a, b),
      following(c),
    ])
    for (const live of [feed, page, dashboard, other]) {
      expect(live.status).toBe(200)
      expect(JSON.parse((await live.next()).data)).toEqual({ reason: 'connected' })
    }
    const comment = '🌊 "hold on" '.repeat(40).slice(0, 500)
    const { signature, answeredAt } = await donate(a, '0.25', comment)

    const events = []
    for (const live of [feed, page, dashboard]) {
      const event = await donationOf(live)
      events.push(event)
      expect(event.at - answeredAt).toBeLessThan(2_000)
      expect(event.id).toBe(String(event.body.donation.id))
      expect(event.body).toEqual({
        donation: {
          id: event.body.donation.id,
          currency: 'SOL',
          amount: '0.25',
          comment: comment.trim(),
          created_at: expect.any(String),
          tip_included: false,
          tip_amount: '0',
          emergency_title: 'Roof after the storm',
          emergency_id: a.id,
          tx_hash: signature,
          donor_wallet: donor.address,
          donor_registered: true,
        },
        emergency: { id: a.id, total_donated: '0.25', usdc_donated: '0', donation_count: 1, sol_goal: '10' },
      })
    }
    // The feed and the emergency's page show the same donation the events carried.
    const feedPage = (await t.app.inject('/api/emergency/public-donations/')).json()
    expect(feedPage.results[0]).toEqual(events[0]!.body.donation)
    const detail = (await t.app.inject(`/api/emergency/detail/${a.id}/`)).json<Emergency>()
    expect(detail).toMatchObject(events[0]!.body.emergency)

    // The stream following c heard nothing of a: its first donation event is c's own.
    await donate(c, '0.5')
    expect((await donationOf(other)).body.emergency).toMatchObject({ id: c.id, total_donated: '0.5' })
    await new Promise((done) => setTimeout(done, 200))
    expect(dashboard.events.filter((event) => event.event === 'donation')).toHaveLength(1)
  })

  it('sends a donation the reference watcher credits from the chain, with no call from the donor', async () => {
    const page = await following(b)
    await page.next('resync')
    const outsider = Keypair.generate()
    await fund(t, outsider.publicKey, 2)
    const { transaction } = await requestDonation(t.app, b.id, outsider.publicKey, 'amount=0.4')
    const signature = await signAndSend(t.ledger.connection, transaction, outsider)
    const sent = performance.now()

    const event = await donationOf(page)
    expect(event.body.donation).toMatchObject({
      tx_hash: signature,
      amount: '0.4',
      donor_wallet: outsider.publicKey.toBase58(),
      donor_registered: false,
    })
    expect(event.body.emergency).toMatchObject({ id: b.id, total_donated: '0.4', donation_count: 1 })
    // The watcher finds it within its sweep (250 ms here), then the event follows the credit at once.
    expect(event.at - sent).toBeLessThan(2_000 + 250)
  })

  it('resumes after Last-Event-ID with what was missed; an id it does not hold reads again', async () => {
    const feed = await stream()
    await feed.next('resync')
    await donate(a, '0.01')
    const last = await donationOf(feed)
    feed.close()
    const missed = [await donate(b, '0.02'), await donate(a, '0.03')]

    const resumed = await stream('', { 'last-event-id': last.id! })
    const replayed = [await donationOf(resumed), await donationOf(resumed)]
    expect(replayed.map((event) => event.body.donation.tx_hash)).toEqual(missed.map((m) => m.signature))
    expect(resumed.events.some((event) => event.event === 'resync')).toBe(false)

    // The first connection may name the newest donation its page shows instead (EventSource sends the header only
    // when it reconnects); the dashboard's stream gets only its emergencies' donations after it.
    const dashboard = await stream(`?emergency_id=${a.id}&last_event_id=${last.id}`)
    expect((await donationOf(dashboard)).body.donation.tx_hash).toBe(missed[1]!.signature)

    for (const unknown of ['999999', 'not-an-id']) {
      const stale = await stream('', { 'last-event-id': unknown })
      expect(JSON.parse((await stale.next()).data)).toEqual({ reason: 'missed' })
    }
  })

  it('keeps an idle stream open with heartbeats, uncompressed, and tells EventSource to retry after 1 s', async () => {
    const live = await stream('', { 'accept-encoding': 'br, gzip' })
    let ended = false
    void live.ended.then(() => (ended = true))
    await new Promise((done) => setTimeout(done, 3_000))
    expect(ended).toBe(false)
    expect(live.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(live.headers['content-encoding']).toBeUndefined()
    expect(live.headers['cache-control']).toBe('no-cache, no-transform')
    expect(live.headers['x-accel-buffering']).toBe('no')
    expect(live.retry).toBe(1_000)
    expect(live.comments.filter((text) => text === 'ping').length).toBeGreaterThanOrEqual(10)
  })

  it('never sends the donations of a confirmed scam', async () => {
    const scam = await createEmergency(t.app, campaigner.bearer, { title: 'Fake flood', sol_goal: '5' })
    await t.app.inject({
      method: 'POST',
      url: `/api/emergency/${scam.id}/flag/`,
      payload: { reason: 'The photos are from a news site.' },
    })
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/emergency/admin/${scam.id}/review/`,
      headers: admin.bearer,
      payload: { action: 'approve' },
    })
    expect(confirm.statusCode).toBe(200)
    const [feed, page] = await Promise.all([stream(), following(scam)])
    await donate(scam, '0.05')
    await donate(c, '0.06')
    expect((await donationOf(feed)).body.emergency.id).toBe(c.id)
    await new Promise((done) => setTimeout(done, 300))
    expect(page.events.filter((event) => event.event === 'donation')).toEqual([])
  })

  it('bounds the streams in all (503) and per client address (429), and frees them when clients leave', async () => {
    // Once every earlier client has left, 12 may be open at once, and no 13th.
    for (const live of opened) live.close()
    let full: EventStream[] = []
    await expect
      .poll(async () => {
        for (const live of full) live.close()
        full = await Promise.all(Array.from({ length: 12 }, () => stream()))
        return full.map((live) => live.status)
      })
      .toEqual(Array(12).fill(200))
    const over = await stream()
    expect(over.status).toBe(503)
    expect(over.headers['retry-after']).toBeDefined()
    for (const live of full) live.close()

    const address = { 'x-forwarded-for': '198.51.100.7' }
    let three: EventStream[] = []
    await expect
      .poll(async () => {
        for (const live of three) live.close()
        three = await Promise.all([1, 2, 3].map(() => stream('', address)))
        return three.map((live) => live.status)
      })
      .toEqual([200, 200, 200])
    const refused = await stream('', address)
    expect(refused.status).toBe(429)
    expect(JSON.parse(await refused.body())).toMatchObject({ code: 'too_many_streams' })
  })
})

describe('live streams when the server stops', () => {
  it('ends every stream, so the server stops at once and EventSource reconnects elsewhere', async () => {
    const small = await createTestApp()
    const url = await listening(small.app)
    const streams = await Promise.all([1, 2, 3].map(() => openEventStream(`${url}/api/live/donations/`)))
    const started = performance.now()
    await small.close()
    await Promise.all(streams.map((live) => live.ended))
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
