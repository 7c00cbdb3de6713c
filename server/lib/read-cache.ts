// Hot public answers kept in memory (docs/performance.md "Read cache"). Correct with several instances on one
// database: every write to what the public reads moves read_versions.version in its own transaction and records
// what it changed in read_changes (scopes such as 'emergency:12' or 'donations', triggers of migrations 0900 and
// 1300). Each answer is kept with the scopes it reads (route `config.readsFrom`; none named: it reads anything),
// and an instance drops only the answers whose scopes a change names: a donation to one emergency drops that
// emergency's answers and the lists, not every other emergency's. It looks after each write it serves (so its
// own writes show at once) and every `pollMs` (so other instances' writes show within that); its own
// transactions drop the answers before they commit. Entries also expire on their own, for answers that change
// with time alone (a boost running out): after `ttlMs` when the route cannot say when, at the moment it names,
// and otherwise (only a write changes them) after `maxAgeMs`, jittered so that entries read together are not
// all read again together. For one more `ttlMs` an expired entry may still be served while it is being read
// again (server/plugins/read-cache.ts), so a hot answer never makes its readers wait for the database. A write
// drops expired entries as much as fresh ones.
import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../db/client'

/** What an answer reads, as the triggers of migration 1300 name it when it changes. */
export const readScopes = {
  /** one emergency's row, images and donations */
  emergency: (id: number | string) => `emergency:${id}`,
  /** any emergency (lists, featured, the feed's titles and verdicts) */
  emergencies: 'emergencies',
  /** any donation (the feed) */
  donations: 'donations',
  campaigns: 'campaigns',
} as const
/** A change that names this scope changes anything. */
const EVERYTHING = '*'

export interface CachedAnswer {
  /** the JSON text of a 200 answer */
  body: string
  /** compressed forms, made on first demand (server/plugins/compression.ts) */
  encoded: Map<string, Buffer>
  expiresAt: number
  /** what the answer reads (see readScopes); undefined: anything */
  scopes?: readonly string[]
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
   * Keeps `body` unless something it reads (`scopes`, undefined: anything) was dropped since `generation` was
   * read (the answer may predate a write). `changesAt`: when the answer changes with time alone (ms since the
   * epoch); 'never' when only a write changes it; absent when that is not known (then it is kept `ttlMs`).
   */
  set(
    key: string,
    body: string,
    generation: number,
    changesAt?: number | 'never',
    scopes?: readonly string[],
  ): CachedAnswer | undefined
  /** The clock entries expire by (ms since the epoch). */
  now(): number
  /** Increases every time entries are dropped. */
  generation(): number
  /** Reads the database's changes since the last look now and drops the answers they name. */
  sync(): Promise<void>
  /**
   * Inside a writing transaction, before it commits: drops the answers its changes name, so no reader can see
   * the write in the database and then an older answer here.
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

/** Scopes remembered with the generation that last dropped them; past this, all are forgotten at once. */
const MAX_REMEMBERED_SCOPES = 10_000

/** The database's version, and the scopes changed since `seen` (every scope when that cannot be told). */
async function changesSince(
  db: Db,
  seen: number | undefined,
): Promise<{ version: number; scopes: string[] }> {
  if (seen === undefined) {
    const rows = rowsOf(await db.execute(sql`select version::text from read_versions where scope = 'public'`))
    return { version: Number((rows[0] as { version: string } | undefined)?.version), scopes: [EVERYTHING] }
  }
  // One statement, one snapshot: the versions up to the head it sees are all committed (consecutive, in commit
  // order), so their changes are all there unless pruned, which a count short of the versions shows.
  const rows = rowsOf(
    await db.execute(sql`select v.version::text as head, c.scopes from read_versions v
      left join read_changes c on c.version > ${seen} where v.scope = 'public'`),
  ) as { head: string; scopes: string[] | null }[]
  const version = Number(rows[0]?.head)
  const changes = rows.filter((row) => row.scopes !== null)
  if (changes.length !== version - seen) return { version, scopes: [EVERYTHING] }
  return { version, scopes: [...new Set(changes.flatMap((row) => row.scopes ?? []))] }
}

export function readCache(db: Db, options: ReadCacheOptions): ReadCache {
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 5_000
  const entries = new Map<string, CachedAnswer>()
  let generation = 0
  /** the generation that last dropped everything, and each scope */
  let everythingDroppedAt = 0
  const droppedAt = new Map<string, number>()
  let seen: number | undefined
  let running: Promise<void> | undefined
  let queued: Promise<void> | undefined

  const drop = (scopes: string[]) => {
    if (scopes.length === 0) return
    generation++
    if (scopes.includes(EVERYTHING) || droppedAt.size + scopes.length > MAX_REMEMBERED_SCOPES) {
      entries.clear()
      droppedAt.clear()
      everythingDroppedAt = generation
      return
    }
    for (const scope of scopes) droppedAt.set(scope, generation)
    for (const [key, entry] of entries)
      if (!entry.scopes || entry.scopes.some((scope) => droppedAt.get(scope) === generation))
        entries.delete(key)
  }
  /** Was anything `scopes` reads dropped after `since`? */
  const droppedSince = (since: number, scopes: readonly string[] | undefined) =>
    everythingDroppedAt > since ||
    (scopes ? scopes.some((scope) => (droppedAt.get(scope) ?? 0) > since) : generation > since)

  async function readChanges() {
    const { version, scopes } = await changesSince(db, seen)
    if (version === seen) return
    seen = version
    drop(scopes)
  }

  // Callers arriving while a read is under way share one more read after it: the running one may predate
  // their write.
  const sync = (): Promise<void> => {
    if (!running) {
      running = readChanges().finally(() => (running = undefined))
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
    set(key, body, since, changesAt, scopes) {
      if (droppedSince(since, scopes)) return undefined
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
      const entry = { body, encoded: new Map(), expiresAt, scopes }
      entries.set(key, entry)
      return entry
    },
    now,
    generation: () => generation,
    sync,
    // The version seen is left as it is: the changes are not committed yet (and may never be); the sync after
    // the commit drops them again, with what was read from the database in between.
    async dropIfMovedIn(tx) {
      const { version, scopes } = await changesSince(tx, seen)
      if (version !== seen) drop(scopes)
    },
    close: () => clearInterval(timer),
  }
}
