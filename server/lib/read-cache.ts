// Hot public answers kept in memory (docs/performance.md "Read cache"). Correct with several instances on one
// database: every write to what the public reads bumps read_versions.version in its own transaction (triggers
// of migration 0900), and each instance drops all its entries when it sees the version move. It looks after
// each write it serves (so its own writes show at once) and every `pollMs` (so other instances' writes show
// within that); its own transactions drop the entries before they commit. Entries also expire on their own, for
// answers that change with time alone (a boost running out): after `ttlMs` when the route cannot say when, at
// the moment it names, and otherwise (only a write changes them) after `maxAgeMs`, jittered so that entries
// read together are not all read again together. For one more `ttlMs` an expired entry may still be served while
// it is being read again (server/plugins/read-cache.ts), so a hot answer never makes its readers wait for the
// database. A write drops expired entries as much as fresh ones.
import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../db/client'

export interface CachedAnswer {
  /** the JSON text of a 200 answer */
  body: string
  /** compressed forms, made on first demand (server/plugins/compression.ts) */
  encoded: Map<string, Buffer>
  expiresAt: number
}

export interface Lookup {
  entry: CachedAnswer
  /** past its `ttlMs` (but within a second `ttlMs`): servable while it is read again, not instead */
  stale: boolean
}

export interface ReadCache {
  /** The entry for `key`, fresh or stale; nothing when missing or expired for longer than `ttlMs`. */
  lookup(key: string): Lookup | undefined
  /**
   * Keeps `body` unless the cache was dropped since `generation` was read (the answer may predate a write).
   * `changesAt`: when the answer changes with time alone (ms since the epoch); 'never' when only a write changes
   * it; absent when that is not known (then it is kept `ttlMs`).
   */
  set(key: string, body: string, generation: number, changesAt?: number | 'never'): CachedAnswer | undefined
  /** The clock entries expire by (ms since the epoch). */
  now(): number
  /** Increases every time the entries are dropped. */
  generation(): number
  /** Reads the database version now and drops the entries if it moved. */
  sync(): Promise<void>
  /**
   * Inside a writing transaction, before it commits: drops the entries if the transaction moved the version, so
   * no reader can see the write in the database and then an older answer here.
   */
  dropIfMovedIn(tx: Db): Promise<void>
  close(): void
}

export interface ReadCacheOptions {
  ttlMs: number
  pollMs: number
  /** how long an answer that changes only with writes is kept at most (±10%) */
  maxAgeMs: number
  /** entries kept at most (the oldest go first) */
  maxEntries?: number
  now?: () => number
}

async function databaseVersion(db: Db): Promise<string | undefined> {
  const rows = rowsOf(await db.execute(sql`select version::text from read_versions where scope = 'public'`))
  return (rows[0] as { version: string } | undefined)?.version
}

export function readCache(db: Db, options: ReadCacheOptions): ReadCache {
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 5_000
  const entries = new Map<string, CachedAnswer>()
  let generation = 0
  let seen: string | undefined
  let running: Promise<void> | undefined
  let queued: Promise<void> | undefined

  const drop = () => {
    entries.clear()
    generation++
  }

  async function readVersion() {
    const version = await databaseVersion(db)
    if (version !== seen) {
      seen = version
      drop()
    }
  }

  // Callers arriving while a read is under way share one more read after it: the running one may predate
  // their write.
  const sync = (): Promise<void> => {
    if (!running) {
      running = readVersion().finally(() => (running = undefined))
      return running
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined
        return sync()
      })
    return queued
  }

  // A failed poll (database busy) is retried at the next one; entries still expire on their own.
  const timer = setInterval(() => void sync().catch(() => undefined), options.pollMs)
  timer.unref()

  return {
    lookup(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      const late = now() - entry.expiresAt
      if (late < 0) return { entry, stale: false }
      if (late < options.ttlMs) return { entry, stale: true }
      entries.delete(key)
      return undefined
    },
    set(key, body, since, changesAt) {
      if (since !== generation) return undefined
      const at = now()
      const longest = at + Math.max(options.ttlMs, options.maxAgeMs * (0.9 + 0.2 * Math.random()))
      const expiresAt =
        changesAt === undefined
          ? at + options.ttlMs
          : changesAt === 'never'
            ? longest
            : Math.min(longest, changesAt)
      // A refreshed key moves to the end: the oldest entries are those nobody has read again.
      entries.delete(key)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
      const entry = { body, encoded: new Map(), expiresAt }
      entries.set(key, entry)
      return entry
    },
    now,
    generation: () => generation,
    sync,
    async dropIfMovedIn(tx) {
      if ((await databaseVersion(tx)) !== seen) drop()
    },
    close: () => clearInterval(timer),
  }
}
