// What several instances on one PostgreSQL share besides their tables, in one process: each background loop runs on
// one of them (server/jobs/advisory-lock-jobs.ts), and a write on one drops the cached answers it changed on the
// others at once (server/lib/read-cache-peers.ts). tests/pg/instances.test.ts shows both with real server processes.
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, rowsOf } from '../../server/db/client'
import { advisoryLockJobs } from '../../server/jobs/advisory-lock-jobs'
import type { Jobs } from '../../server/jobs/jobs'
import type { Loop } from '../../server/jobs/loop'
import { readCache } from '../../server/lib/read-cache'
import { postgresPeers } from '../../server/lib/read-cache-peers'
import { dbKeepingCacheFresh, lastPublicWrite } from '../../server/lib/read-cache-writes'
import { createTestDatabase, testDatabaseUrl } from '../helpers/database'

let database: Database
let connection: { connectionString: string; options: string }
const log = Fastify({ logger: false }).log

beforeAll(async () => {
  database = await createTestDatabase()
  const [{ schema }] = rowsOf(await database.db.execute(sql`select current_schema() as schema`)) as [
    { schema: string },
  ]
  connection = { connectionString: testDatabaseUrl()!, options: `-c search_path=${schema},public` }
})
afterAll(() => database.close())

/** A loop that counts the instances running it at once. */
function sharedLoop(state: { running: number; most: number; starts: number }): Loop {
  return {
    start() {
      state.running++
      state.starts++
      state.most = Math.max(state.most, state.running)
    },
    async stop() {
      state.running--
    },
  }
}

const until = async (condition: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  return condition()
}

describe('background loops across instances (advisory locks)', () => {
  it('runs a loop on one instance at a time and moves it when that instance stops or loses its connection', async () => {
    const state = { running: 0, most: 0, starts: 0 }
    const instances: Jobs[] = [0, 1, 2].map(() => advisoryLockJobs(connection, { retryMs: 100 }))
    for (const jobs of instances) jobs.runExclusively('watcher', sharedLoop(state))
    await Promise.all(instances.map((jobs) => jobs.start(log)))
    await until(() => state.running === 1)
    const holder = () => instances.filter((jobs) => jobs.running().includes('watcher'))
    expect(holder()).toHaveLength(1)

    // A graceful stop gives the name up: another instance takes it within a few rounds.
    const first = holder()[0]!
    await first.stop()
    expect(await until(() => holder().length === 1 && holder()[0] !== first)).toBe(true)

    // A holder whose connection is cut (as when its process is killed) stops its loop; another takes it.
    const second = holder()[0]!
    await database.db.execute(sql`
      select pg_terminate_backend(l.pid) from pg_locks l
      where l.locktype = 'advisory' and l.granted and l.pid <> pg_backend_pid()
        and l.objid = hashtext(current_schema() || '/watcher')::oid`)
    expect(await until(() => holder().length === 1 && holder()[0] !== second)).toBe(true)
    expect(second.running()).toEqual([])

    // The others stop first: stopped together, one could take the name in the moment between the holder's stop
    // and its own, a fourth start that says nothing about how the name moves.
    const third = holder()[0]!
    await Promise.all(instances.filter((jobs) => jobs !== third).map((jobs) => jobs.stop()))
    await third.stop()
    expect(state.most).toBe(1)
    expect(state.running).toBe(0)
    expect(state.starts).toBe(3)
  })
})

describe('the read cache across instances (LISTEN/NOTIFY)', () => {
  it("drops another instance's cached answer as soon as a write's transaction returns, before any look at the log", async () => {
    const options = { ttlMs: 60_000, maxAgeMs: 60_000, pollMs: 3_600_000 }
    const a = readCache(database.db, { ...options, peers: postgresPeers(connection) })
    const b = readCache(database.db, { ...options, peers: postgresPeers(connection) })
    try {
      await Promise.all([a.sync(), b.sync()])
      // Both connections listen before the write (the first announcement connects the writer's).
      await a.announce(['nothing-cached'])
      await until(() => false, 200)
      b.set('feed', '"before the donation"', b.generation(), 'never', ['donations'])
      b.set('campaigns', '"unchanged"', b.generation(), 'never', ['campaigns'])
      const fresh = dbKeepingCacheFresh(database.db, a)
      await fresh.transaction(async (tx) => {
        await lastPublicWrite(tx, () => tx.execute(sql`select read_changes_add(array['donations'])`))
      })
      expect(await until(() => b.lookup('feed') === undefined, 1_000)).toBe(true)
      expect(b.lookup('campaigns')?.entry.body).toBe('"unchanged"')
    } finally {
      a.close()
      b.close()
    }
  })
})
