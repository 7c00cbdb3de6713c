// Hot public answers kept in memory (docs/performance.md "Read cache"). Correct with several instances on one
// database: every write to what the public reads appends what it changed to read_changes in its own transaction
// (scopes such as 'emergency:12' or 'donations', triggers of migrations 0900, 1300 and 1400). Each answer is kept
// with the scopes it reads (route `config.readsFrom`; none named: it reads anything), and an instance drops only
// the answers whose scopes a change names: a donation to one emergency drops that emergency's answers and the
// lists, not every other emergency's. It looks after each write it makes (so its own writes show at once) and
// every `pollMs` (so other instances' writes show within that); its own transactions drop the answers before they
// commit, and from then until a read of the log sees such a transaction end, no answer read of what it names is
// kept (nor shared with misses that arrived after the read began): once it commits anyone may see it in the
// database, and such a read may predate it. Entries also expire on their own, for answers that change
// with time alone (a boost running out): after `ttlMs` when the route cannot say when, at the moment it names,
// and otherwise (only a write changes them) after `maxAgeMs`, jittered so that entries read together are not
// all read again together. For one more `ttlMs` an expired entry may still be served while it is being read
// again (server/plugins/read-cache.ts), so a hot answer never makes its readers wait for the database. A write
// drops expired entries as much as fresh ones.
import type { Db } from '../db/client'
import { changesSince, endedIn, EVERYTHING, type Seen } from './read-change-log'

/** What an answer reads, as the triggers of migration 1300 name it when it changes. */
export const readScopes = {
  /** one emergency's row, images, donations and updates */
  emergency: (id: number | string) => `emergency:${id}`,
  /** any emergency (lists, featured, the feed's titles and verdicts) */
  emergencies: 'emergencies',
  /** any donation (the feed) */
  donations: 'donations',
  /** any emergency's title (receipts: a change of title, nothing else, changes one; migration 2300) */
  titles: 'emergency-titles',
  campaigns: 'campaigns',
} as const

/**
 * The route config of a list of one emergency's rows (its donations, its updates; `:id` in the path): every page is
 * kept, a write to that emergency drops them, and nothing in them changes with time alone.
 */
export const oneEmergencyList = {
  readCache: 'list',
  readsFrom: ({ id }: { id: number }) => [readScopes.emergency(id)],
  changesWithTime: false,
} as const

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
   * read, or a write of this instance to it is being committed (the answer may predate a write that anyone may
   * see in the database now, before this instance has read the change log again). `changesAt`: when the answer changes with time alone (ms since the
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
  /**
   * May an answer that reads `scopes` (undefined: anything), read from `generation`, be served now? Yes when
   * nothing it reads was dropped since and no write of this instance to it is being committed (the rule
   * {@link set} keeps by).
   */
  current(generation: number, scopes: readonly string[] | undefined): boolean
  /** Reads the database's changes since the last look now and drops the answers they name. */
  sync(): Promise<void>
  /**
   * A read of the changes will start after this call: the next {@link sync} of anyone's (a write request's answer
   * asks for one anyway) or, if none is asked for before the current task ends, one of its own.
   */
  syncSoon(): void
  /**
   * Inside a writing transaction, before it commits: drops the answers its changes name, so no reader can see
   * the write in the database and then an older answer here. Resolves to the scopes of the transaction's own
   * changes it read (none when the look was sent before the transaction's write reached the database).
   */
  dropIfMovedIn(tx: Db): Promise<string[]>
  /** After a transaction of this instance committed: other instances drop what it changed now (`peers`). */
  announce(scopes: readonly string[]): Promise<void>
  close(): void
}

/**
 * The other instances on the same database (server/lib/read-cache-peers.ts): what one of them committed reaches
 * the others at once, instead of at their next look at the log (`pollMs`).
 */
export interface ReadCachePeers {
  /** Tells the other instances that these scopes changed. Never fails: the log still says it at their next look. */
  announce(scopes: readonly string[]): Promise<void>
  /** Calls `heard` with the scopes another instance announced. */
  listen(heard: (scopes: string[]) => void): void
  close(): Promise<void>
}

export interface ReadCacheOptions {
  ttlMs: number
  pollMs: number
  /** how long an answer that changes only with writes is kept at most (±10%) */
  maxAgeMs: number
  /** entries kept at most (the oldest go first) */
  maxEntries?: number
  /** with several instances: the others, told of this one's writes and telling it of theirs */
  peers?: ReadCachePeers
  now?: () => number
}

/** Scopes remembered with the generation that last dropped them; past this, all are forgotten at once. */
const MAX_REMEMBERED_SCOPES = 10_000

export function readCache(db: Db, options: ReadCacheOptions): ReadCache {
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 5_000
  const entries = new Map<string, CachedAnswer>()
  let generation = 0
  /** the generation that last dropped everything, and each scope */
  let everythingDroppedAt = 0
  const droppedAt = new Map<string, number>()
  let seen: Seen | undefined
  /**
   * What this instance's transactions named in their look before committing, by transaction, until a read of the
   * log sees them ended. Meanwhile anyone may see such a write in the database, and a read of its scopes may or
   * may not: none is kept or shared (see `current`).
   */
  const committing = new Map<string, readonly string[]>()
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

  const settled = (scopes: readonly string[] | undefined) => {
    for (const named of committing.values())
      if (!scopes || named.includes(EVERYTHING) || named.some((scope) => scopes.includes(scope))) return false
    return true
  }
  const current = (since: number, scopes: readonly string[] | undefined) =>
    !droppedSince(since, scopes) && settled(scopes)

  async function readChanges() {
    const changes = await changesSince(db, seen)
    seen = changes.seen
    for (const xid of committing.keys()) if (endedIn(xid, changes.seen)) committing.delete(xid)
    drop(changes.scopes)
  }

  // Callers arriving while a read is under way share one more read after it: the running one may predate
  // their write. Either way a read starts after the call, which is all a syncSoon() asked for.
  let soon: NodeJS.Immediate | undefined
  const sync = (): Promise<void> => {
    if (soon) clearImmediate(soon)
    soon = undefined
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
  // Committed by another instance: no answer kept here may show the state before it, from now on. The log is
  // read soon after, as after any write, and it names the change again (dropping twice is harmless).
  options.peers?.listen((scopes) => {
    drop(scopes)
    syncSoon()
  })
  function syncSoon() {
    soon ??= setImmediate(() => void sync().catch(() => undefined))
  }

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
      if (!current(since, scopes)) return undefined
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
    current,
    sync,
    syncSoon,
    // The snapshot seen is left as it is: the changes are not committed yet (and may never be); the sync after
    // the commit drops them again, with what was read from the database in between.
    async dropIfMovedIn(tx) {
      const { scopes, changes, own } = await changesSince(tx, seen)
      for (const change of changes) committing.set(change.xid, change.scopes)
      drop(scopes)
      return changes.flatMap((change) => (change.xid === own ? change.scopes : []))
    },
    announce: async (scopes) => {
      if (scopes.length > 0) await options.peers?.announce(scopes)
    },
    close() {
      clearInterval(timer)
      if (soon) clearImmediate(soon)
      void options.peers?.close()
    },
  }
}
