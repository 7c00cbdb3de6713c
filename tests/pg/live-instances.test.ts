// Two instances on one PostgreSQL: a donation credited on A reaches the live streams of B, which holds one
// listening connection whatever its number of viewers, restores it when it is lost (its streams read again), and
// drops its cached answers of that emergency at once.
import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import type { LiveDonation } from '../../api-contract/live'
import { buildApp } from '../../server/app'
import { type Database, fromPool, rowsOf } from '../../server/db/client'
import { createEmergency } from '../api/emergencies-fixtures'
import { testDatabaseUrl } from '../helpers/database'
import { type EventStream, listening, openEventStream } from '../helpers/event-stream'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'

const VIEWERS = 20
let a: LedgerTestApp
let b: FastifyInstance
let bDatabase: Database
let bUrl: string
let donor: PayingUser
let emergency: Emergency
let channel: string
const streams: EventStream[] = []

beforeAll(async () => {
  let owner: PayingUser
  ;({
    t: a,
    users: [donor, owner],
  } = await ledgerAppWithAdmin([5, 1]))
  emergency = await createEmergency(a.app, owner.bearer, { title: 'Bridge repair', sol_goal: '10' })
  const [row] = rowsOf(await a.db.execute(sql`select current_schema() as schema`)) as { schema: string }[]
  channel = `donations_${row!.schema}`
  bDatabase = fromPool(
    new pg.Pool({
      connectionString: testDatabaseUrl(),
      max: 3,
      options: `-c search_path=${row!.schema},public`,
    }),
  )
  // B looks at the change log only once a minute by itself: only the notification can refresh it sooner.
  b = await buildApp(
    {
      ...a.config,
      readCache: { ...a.config.readCache, pollMs: 60_000 },
      live: { ...a.config.live, maxStreamsPerAddress: VIEWERS },
    },
    { db: bDatabase.db, distDir: '/nonexistent' },
  )
  await b.ready()
  bUrl = await listening(b)
})
afterAll(async () => {
  for (const stream of streams) stream.close()
  await b?.close()
  await bDatabase?.close()
  await a?.close()
})

const listeners = async () =>
  rowsOf(
    await a.db.execute(
      sql`select pid from pg_stat_activity where application_name = ${`lifeline listening on ${channel}`}`,
    ),
  ) as { pid: number }[]

async function donateOnA(sol: number) {
  const signature = await pay(a, donor.keypair, [
    { to: emergency.receiving_wallet, lamports: BigInt(sol * LAMPORTS_PER_SOL) },
  ])
  const response = await a.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/',
    headers: donor.bearer,
    payload: { emergency_id: emergency.id, amount: String(sol), tx_hash: signature },
  })
  expect(response.statusCode).toBe(201)
  return { signature, answeredAt: performance.now() }
}

const detailOnB = async () => (await b.inject(`/api/emergency/detail/${emergency.id}/`)).json<Emergency>()

describe('live donations across instances', () => {
  it('sends a donation credited on A to every viewer of B within 2 s, through one listening connection each', async () => {
    for (let i = 0; i < VIEWERS; i++) {
      const query = i % 2 === 0 ? '' : `?emergency_id=${emergency.id}`
      streams.push(await openEventStream(`${bUrl}/api/live/donations/${query}`))
    }
    expect(streams.map((stream) => stream.status)).toEqual(Array(VIEWERS).fill(200))
    await Promise.all(streams.map((stream) => stream.next('resync')))
    expect(await detailOnB()).toMatchObject({ total_donated: '0', donation_count: 0 })

    const { signature, answeredAt } = await donateOnA(0.5)
    for (const stream of streams) {
      const event = await stream.next('donation')
      expect(event.at - answeredAt).toBeLessThan(2_000)
      expect(JSON.parse(event.data) as LiveDonation).toMatchObject({
        donation: { tx_hash: signature, amount: '0.5', emergency_id: emergency.id },
        emergency: { id: emergency.id, total_donated: '0.5', donation_count: 1 },
      })
    }
    // A and B: one connection each listens, not one per viewer.
    expect(await listeners()).toHaveLength(2)
    // B's cached detail was dropped when B heard the donation, not at its next look (a minute away).
    expect(await detailOnB()).toMatchObject({ total_donated: '0.5', donation_count: 1 })
  })

  it('restores a lost listening connection and tells the viewers to read again, then goes on', async () => {
    const before = await listeners()
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${`lifeline listening on ${channel}`}`)
    for (const stream of streams)
      expect(JSON.parse((await stream.next('resync')).data)).toEqual({ reason: 'missed' })
    await expect.poll(async () => (await listeners()).length).toBe(2)
    expect((await listeners()).map((row) => row.pid)).not.toEqual(before.map((row) => row.pid))

    const { signature } = await donateOnA(0.25)
    for (const stream of streams)
      expect(JSON.parse((await stream.next('donation')).data)).toMatchObject({
        donation: { tx_hash: signature },
        emergency: { total_donated: '0.75', donation_count: 2 },
      })
  })
})
