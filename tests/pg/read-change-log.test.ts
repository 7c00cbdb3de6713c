// The read cache's change log under concurrent writers on PostgreSQL (migration 1400): writers only append, so a
// change written with a LOWER version may commit AFTER one with a higher version; the reader must still see it
// once it commits (a reader asking for "above the highest version seen" would skip it for ever). And a change
// pruned before a reader read it makes that reader drop everything. An answer read while this instance's write to
// it was being committed is not kept: once the write commits anyone may see it, before the log is read again.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { type ReadCache, readCache } from '../../server/lib/read-cache'
import { dbKeepingCacheFresh, lastPublicWrite } from '../../server/lib/read-cache-writes'
import { createTestDatabase } from '../helpers/database'

let database: Database
let cache: ReadCache
beforeAll(async () => {
  database = await createTestDatabase()
  cache = readCache(database.db, { ttlMs: 60_000, maxAgeMs: 60_000, pollMs: 3_600_000 })
  await cache.sync()
})
afterAll(async () => {
  cache.close()
  await database.close()
})

const change = (scope: string) => sql`select read_changes_add(array[${scope}])`
/** One cached answer per scope, kept from now. */
function cacheAnswers(scopes: string[]) {
  for (const scope of scopes) cache.set(scope, `"${scope}"`, cache.generation(), 'never', [scope])
}
const cached = (scopes: string[]) => scopes.filter((scope) => cache.lookup(scope) !== undefined)

describe('the read cache on a change log written by concurrent transactions', () => {
  it('reads a change that committed after a change with a higher version', async () => {
    const { db } = database
    cacheAnswers(['a', 'b', 'c'])
    let written!: () => void
    const firstWrote = new Promise<void>((resolve) => (written = resolve))
    let commit!: () => void
    const mayCommit = new Promise<void>((resolve) => (commit = resolve))
    // The first writer takes the lower version and commits last.
    const first = db.transaction(async (tx) => {
      await tx.execute(change('a'))
      written()
      await mayCommit
    })
    await firstWrote
    await db.transaction((tx) => tx.execute(change('b')))

    await cache.sync()
    expect(cached(['a', 'b', 'c'])).toEqual(['a', 'c'])

    commit()
    await first
    await cache.sync()
    expect(cached(['a', 'b', 'c'])).toEqual(['c'])
  })

  it('reads each change once, and a rolled back one never', async () => {
    const { db } = database
    await db
      .transaction(async (tx) => {
        await tx.execute(change('c'))
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    await cache.sync()
    cacheAnswers(['a', 'b', 'c'])
    await cache.sync()
    expect(cached(['a', 'b', 'c'])).toEqual(['a', 'b', 'c'])
  })

  it('keeps no answer read while a write of this instance to what it reads was being committed', async () => {
    const { db } = database
    await cache.sync()
    let looked!: () => void
    const lookedBeforeCommit = new Promise<void>((resolve) => (looked = resolve))
    let commit!: () => void
    const mayCommit = new Promise<void>((resolve) => (commit = resolve))
    // As this instance's writes do (server/lib/read-cache-writes.ts dbKeepingCacheFresh): look, then commit.
    const write = db.transaction(async (tx) => {
      await tx.execute(change('a'))
      await cache.dropIfMovedIn(tx)
      looked()
      await mayCommit
    })
    await lookedBeforeCommit
    // A read of 'a' begins after the look, before the commit: it may not see the write…
    const since = cache.generation()
    commit()
    await write
    // …which anyone may now see in the database, before this instance reads the log again: not kept.
    cache.set('a', '"older than the write"', since, 'never', ['a'])
    expect(cached(['a'])).toEqual([])
    cacheAnswers(['b'])
    expect(cached(['b'])).toEqual(['b'])
    // Nor would an answer read from now be current, until the log is read again.
    expect(cache.current(cache.generation(), ['a'])).toBe(false)
    expect(cache.current(cache.generation(), ['b'])).toBe(true)

    await cache.sync()
    expect(cache.current(cache.generation(), ['a'])).toBe(true)
    cacheAnswers(['a'])
    expect(cached(['a'])).toEqual(['a'])
  })

  it("drops a write's answers before it commits when the look travels with the write, and looks once", async () => {
    let looks = 0
    const counted: ReadCache = { ...cache, dropIfMovedIn: (tx) => (looks++, cache.dropIfMovedIn(tx)) }
    const fresh = dbKeepingCacheFresh(database.db, counted)
    cacheAnswers(['d', 'e'])
    await fresh.transaction(async (tx) => {
      await lastPublicWrite(tx, () => tx.execute(change('d')))
      // Not committed yet: already dropped, and nothing read now may be kept until the log shows the commit.
      expect(cached(['d', 'e'])).toEqual(['e'])
      expect(cache.current(cache.generation(), ['d'])).toBe(false)
    })
    expect(looks).toBe(1)

    // A write that changed nothing public: the look read no change of its own, so it looks again before the commit.
    await fresh.transaction(async (tx) => {
      await lastPublicWrite(tx, () => tx.execute(sql`select 1`))
      await tx.execute(change('e'))
    })
    expect(looks).toBe(3)
    expect(cached(['e'])).toEqual([])
    await cache.sync()
  })

  // Last: until every snapshot's xmin has passed the pruned writer (other files' transactions on this server hold it
  // back), each read of the log takes the prune for a gap and drops everything.
  it('drops everything when changes it had not read were pruned', async () => {
    const { db } = database
    cacheAnswers(['a', 'b', 'c'])
    await db.execute(change('a'))
    // The next change prunes every change 10,000 versions below it, the one to 'a' among them.
    await db.execute(sql`select setval('read_changes_version', 99999)`)
    await db.execute(change('b'))
    await cache.sync()
    expect(cached(['a', 'b', 'c'])).toEqual([])
  })
})
