// The read cache's timing rules on a real Fastify and a real (embedded) database: a fresh entry is served as is,
// an expired one is served while one background request reads it again, one expired for too long is read at
// once, and a write drops every entry that reads what it names (stale ones included), and only those. An answer that changes only with writes is kept up
// to the longer maximum age, one that names the moment it changes until that moment. (tests/api/read-cache.test.ts checks, on the whole
// app, that each kind of write shows at once.)
import { PGlite } from '@electric-sql/pglite'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { type ReadCache, readCache } from '../lib/read-cache'
import { registerReadCache } from './read-cache'

const TTL = 1_000
const MAX_AGE = 100_000
let client: PGlite
let app: FastifyInstance
let db: Db
let cache: ReadCache
let now = 0
/** what the route answers; how many times its handler ran */
let value = 'first'
let reads = 0
/** when the '/until/' answer says it changes with time alone (ms) */
let changesAt = 0
/** how many times the cache read the change log */
let logReads = 0
/** what the '/slow/' route waits for once it has read `value` */
let held: Promise<void> = Promise.resolve()

beforeAll(async () => {
  client = await PGlite.create()
  // The change log as migrations 1300 and 1400 leave it.
  await client.exec(`create table read_changes (version bigserial primary key, scopes text[] not null,
      xid xid8 not null default pg_current_xact_id());
    create table read_changes_pruned (one boolean primary key default true, through xid8 not null);
    insert into read_changes_pruned (through) values ('0');`)
  db = drizzle({ client })
  app = Fastify()
  cache = readCache(db, { ttlMs: TTL, maxAgeMs: MAX_AGE, pollMs: 60_000, now: () => now })
  const sync = cache.sync
  cache.sync = () => {
    logReads++
    return sync()
  }
  registerReadCache(app, cache)
  app.get('/answer/', { config: { readCache: 'list' } }, async () => {
    reads++
    return { value }
  })
  app.get('/timeless/', { config: { readCache: 'always', changesWithTime: false } }, async () => {
    reads++
    return { value }
  })
  app.get(
    '/until/',
    { config: { readCache: 'always', changesWithTime: (answer: { at: string }) => [answer.at, null] } },
    async () => {
      reads++
      return { value, at: new Date(changesAt).toISOString() }
    },
  )
  // Answers when the test lets it (`held`), so that requests can arrive and writes land while it reads.
  app.get('/slow/', { config: { readCache: 'always', readsFrom: ['a'] } }, async () => {
    reads++
    const answer = value
    await held
    return { value: answer }
  })
  for (const scope of ['a', 'b'])
    app.get(`/scoped/${scope}/`, { config: { readCache: 'always', readsFrom: [scope] } }, async () => {
      reads++
      return { value }
    })
  // A write to what the public reads names what it changed in its transaction (as the triggers of migration 1300
  // do); `?scope=` names one scope, else everything.
  app.post<{ Querystring: { scope?: string } }>('/write/', async (request) => {
    value = 'written'
    await client.query(`insert into read_changes (scopes) values (array[$1])`, [request.query.scope ?? '*'])
    return { ok: true }
  })
  // A POST that never writes the database (the local ledger's JSON-RPC).
  app.post('/ledger/', { config: { writesDatabase: false } }, async () => ({ ok: true }))
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await client.close()
})

const get = async (url = '/answer/') =>
  (await app.inject({ method: 'GET', url })).json<{ value: string }>().value
async function until(condition: () => boolean) {
  for (const deadline = Date.now() + 10_000; !condition();) {
    if (Date.now() > deadline) throw new Error('condition not met in 10 s')
    await new Promise((done) => setTimeout(done, 10))
  }
}

describe('the read cache', () => {
  it('serves an entry as is while fresh, then while one background request reads it again', async () => {
    expect(await get()).toBe('first')
    expect(reads).toBe(1)
    value = 'second'
    now += TTL / 2
    expect(await get()).toBe('first')
    expect(reads).toBe(1)

    now += TTL // expired, within the second TTL: the old answer at once, the new one read behind it
    const [a, b] = await Promise.all([get(), get()])
    expect([a, b]).toEqual(['first', 'first'])
    await until(() => reads === 2)
    expect(await get()).toBe('second')
    expect(reads).toBe(2) // one read for both stale hits
  })

  it('reads an entry expired for longer than its time-to-live before answering', async () => {
    value = 'third'
    now += 3 * TTL
    expect(await get()).toBe('third')
    expect(reads).toBe(3)
  })

  it('keys every page of a list, the first page with or without page=1', async () => {
    expect(await get('/answer/?page=1')).toBe('third')
    expect(reads).toBe(3)
    expect(await get('/answer/?page=7')).toBe('third')
    expect(reads).toBe(4)
  })

  it('drops every entry, stale ones too, when a write moves the version', async () => {
    now += TTL + 1 // stale
    expect((await app.inject({ method: 'POST', url: '/write/' })).statusCode).toBe(200)
    expect(await get()).toBe('written')
    expect(await get('/answer/?page=7')).toBe('written')
  })

  it('drops only the answers that read what a write names, and those that read anything', async () => {
    value = 'before'
    now += 3 * TTL
    expect([await get('/scoped/a/'), await get('/scoped/b/'), await get()]).toEqual([
      'before',
      'before',
      'before',
    ])
    expect((await app.inject({ method: 'POST', url: '/write/?scope=a' })).statusCode).toBe(200)
    expect(await get('/scoped/a/')).toBe('written')
    expect(await get()).toBe('written') // no readsFrom: it reads anything
    const before = reads
    expect(await get('/scoped/b/')).toBe('before')
    expect(reads).toBe(before)
  })

  it('reads the change log before a write answers, not before the answer of a route that writes nothing', async () => {
    const before = logReads
    expect((await app.inject({ method: 'POST', url: '/ledger/' })).statusCode).toBe(200)
    expect(logReads).toBe(before)
    expect((await app.inject({ method: 'POST', url: '/write/?scope=b' })).statusCode).toBe(200)
    expect(logReads).toBe(before + 1)
  })

  it('keeps an answer that changes only with writes up to its maximum age (±10%), not its time-to-live', async () => {
    value = 'timeless'
    expect(await get('/timeless/')).toBe('timeless')
    const before = reads
    value = 'later'
    now += 0.89 * MAX_AGE
    expect(await get('/timeless/')).toBe('timeless')
    expect(reads).toBe(before)
    now += 0.22 * MAX_AGE + TTL // past the longest jittered age and its stale second TTL
    expect(await get('/timeless/')).toBe('later')
    expect(reads).toBe(before + 1)
  })

  it('keeps an answer until the moment it names, not its time-to-live', async () => {
    value = 'boosted'
    changesAt = now + 50 * TTL
    expect(await get('/until/')).toBe('boosted')
    const before = reads
    value = 'ended'
    now += 49 * TTL
    expect(await get('/until/')).toBe('boosted')
    expect(reads).toBe(before)
    now += 2 * TTL + 1 // past the moment and the stale second TTL
    expect(await get('/until/')).toBe('ended')
    expect(reads).toBe(before + 1)
  })

  it('answers misses that arrive during a read with that read, even when a write lands before it ends', async () => {
    let release!: () => void
    held = new Promise((resolve) => (release = resolve))
    value = 'read first'
    const before = reads
    const first = get('/slow/')
    await until(() => reads === before + 1)
    const waiting = Array.from({ length: 5 }, () => get('/slow/'))
    await new Promise((done) => setImmediate(done))
    // A write to what it reads, while it reads: what it read may be older than that write.
    expect((await app.inject({ method: 'POST', url: '/write/?scope=a' })).statusCode).toBe(200)
    value = 'read after the write'
    // Asked after the write: not the read under way, a read of its own…
    const after = get('/slow/')
    await until(() => reads === before + 2)
    release()
    // …and those who asked before it share the first read: one read each, not one per request.
    expect(await Promise.all([first, ...waiting])).toEqual(Array(6).fill('read first'))
    expect(await after).toBe('read after the write')
    expect(reads).toBe(before + 2)
    // The first read was not kept (the write landed during it), the second was.
    expect(await get('/slow/')).toBe('read after the write')
    expect(reads).toBe(before + 2)
  })

  it('answers no miss that came after this instance committed a write with a read that may predate it', async () => {
    let release!: () => void
    held = new Promise((resolve) => (release = resolve))
    let commit!: () => void
    const mayCommit = new Promise<void>((resolve) => (commit = resolve))
    let looked!: () => void
    const lookedBeforeCommit = new Promise<void>((resolve) => (looked = resolve))
    // A write of this instance, as dbKeepingCacheFresh makes it: its look before the commit, then the commit.
    const write = db.transaction(async (tx) => {
      await tx.execute(sql`insert into read_changes (scopes) values (array['a'])`)
      await cache.dropIfMovedIn(tx)
      looked()
      await mayCommit
    })
    await lookedBeforeCommit
    value = 'before the commit'
    const before = reads
    const first = get('/slow/') // it reads before the commit
    await until(() => reads === before + 1)
    value = 'committed'
    commit()
    await write
    // Asked once the write is in the database, before this instance has read the log again.
    const later = Array.from({ length: 5 }, () => get('/slow/'))
    await new Promise((done) => setImmediate(done))
    release()
    expect(await first).toBe('before the commit')
    expect(await Promise.all(later)).toEqual(Array(5).fill('committed'))
    expect(reads).toBe(before + 2) // one read for the five
  })
})
