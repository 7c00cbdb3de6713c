// A slow or saturated PostgreSQL answers 503 with Retry-After, at once or within the configured bounds, never a
// 500 after a long wait: the statement timeout and the bounded queue of server/db/saturation.ts, through the
// real pool openDatabase builds.
import os from 'node:os'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { type Database, type DatabaseLimits, openDatabase } from '../../server/db/client'
import { testConfig } from '../helpers/config'
import { testDatabaseUrl } from '../helpers/database'

let database: Database | undefined
let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  await database?.close()
  app = database = undefined
})

/** The app on its own pool, plus a route whose statement takes `ms` in the database. */
async function slowApp(limits: DatabaseLimits) {
  database = await openDatabase({
    databaseUrl: testDatabaseUrl(),
    dataDir: os.tmpdir(),
    databaseLimits: limits,
  })
  const db = database.db
  app = await buildApp(testConfig({ readCache: { ttlMs: 0, maxAgeMs: 0, pollMs: 1000 } }), {
    db,
    distDir: '/nonexistent',
  })
  app.get('/slow/:ms', async (request) => {
    await db.execute(sql`select pg_sleep(${Number((request.params as { ms: string }).ms) / 1000})`)
    return { ok: true }
  })
  await app.ready()
  return app
}

const expectBusy = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(response.statusCode).toBe(503)
  expect(response.headers['retry-after']).toBe('1')
  expect(response.json()).toMatchObject({
    code: 'database_busy',
    error: 'The service is busy. Please retry in a moment.',
  })
}

describe('a slow database', () => {
  it('cancels a statement that runs past the statement timeout and answers 503 with Retry-After', async () => {
    const slow = await slowApp({ poolMax: 2, queueMax: 10, connectTimeoutMs: 2_000, statementTimeoutMs: 100 })
    const started = Date.now()
    expectBusy(await slow.inject({ method: 'GET', url: '/slow/3000' }))
    expect(Date.now() - started).toBeLessThan(2_500)
    expect((await slow.inject({ method: 'GET', url: '/slow/10' })).statusCode).toBe(200)
  })

  it('refuses at once what would wait beyond the queue, and what waited too long for a connection', async () => {
    const slow = await slowApp({ poolMax: 1, queueMax: 1, connectTimeoutMs: 300, statementTimeoutMs: 5_000 })
    const answers = await Promise.all(
      ['/slow/1000', '/slow/10', '/slow/10'].map((url) => slow.inject({ method: 'GET', url })),
    )
    const [holding, waiting, refused] = answers
    expect(holding!.statusCode).toBe(200)
    // The second waited 300 ms for the only connection; the third found the queue full.
    expectBusy(waiting!)
    expectBusy(refused!)
    expect(refused!.json()).toMatchObject({ detail: 'Too many requests are waiting for the database.' })
    expect(waiting!.json()).toMatchObject({ detail: 'No database connection became free in time.' })
  })
})
