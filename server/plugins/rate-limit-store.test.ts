// The rate-limit store on a real Fastify and a real (embedded) database: a route counted per instance refuses a
// burst exactly beyond its limit, starts a new window when the old one ends, counts each client apart, and writes
// nothing to the database; a route counted in the database still is.
import { PGlite } from '@electric-sql/pglite'
import rateLimit from '@fastify/rate-limit'
import { drizzle } from 'drizzle-orm/pglite'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseStore } from './rate-limit-store'

let client: PGlite
let app: FastifyInstance
let now = 1_000_000

beforeAll(async () => {
  client = await PGlite.create()
  await client.exec(
    'create table rate_limits (key text primary key, window_start_ms bigint not null, count integer not null)',
  )
  app = Fastify()
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(drizzle({ client }), () => new Date(now)),
  })
  const limit = { max: 3, timeWindow: 60_000 }
  app.post('/instance/', { config: { rateLimit: { ...limit, countedPer: 'instance' } } }, async () => 'ok')
  app.post('/shared/', { config: { rateLimit: limit } }, async () => 'ok')
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await client.close()
})

const burst = (url: string, remoteAddress: string, count: number) =>
  Promise.all(Array.from({ length: count }, () => app.inject({ method: 'POST', url, remoteAddress }))).then(
    (answers) => answers.map((answer) => answer.statusCode).sort(),
  )

const rowsFor = async (url: string) =>
  (await client.query(`select key from rate_limits where key like '%${url}%'`)).rows.length

describe('a route counted per instance', () => {
  it('refuses exactly the requests of a burst beyond the limit, per client, without the database', async () => {
    expect(await burst('/instance/', '10.0.0.1', 5)).toEqual([200, 200, 200, 429, 429])
    expect(await burst('/instance/', '10.0.0.2', 3)).toEqual([200, 200, 200])
    expect(await rowsFor('/instance/')).toBe(0)
  })

  it('counts again from zero when the window has ended', async () => {
    expect(await burst('/instance/', '10.0.0.3', 4)).toEqual([200, 200, 200, 429])
    const refused = await app.inject({ method: 'POST', url: '/instance/', remoteAddress: '10.0.0.3' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    now += 60_000
    expect(await burst('/instance/', '10.0.0.3', 4)).toEqual([200, 200, 200, 429])
  })

  it('leaves the other routes counted in the database', async () => {
    expect(await burst('/shared/', '10.0.0.4', 4)).toEqual([200, 200, 200, 429])
    expect(await rowsFor('/shared/')).toBe(1)
  })
})
