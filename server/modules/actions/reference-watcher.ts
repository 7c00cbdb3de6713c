// The reference watcher (docs/decisions/005-reference-watcher.md): records Action / Solana Pay donations from the
// chain with no call from the donor. Two paths, both through getSignaturesForAddress:
// - the feed: every Action transaction carries this deployment's watch key, so one call per tick lists every new
//   one, however many references are open; the cursor (newest examined signature) lives in the database;
// - the sweep: each open reference is also looked up on its own, in JSON-RPC batches, on a backing-off schedule
//   (90 s, then 6 min later, and once when it expires), in case the feed missed something (a lagging RPC node).
// A payment that lands after its reference expired is still credited: the feed matches expired references too, and
// keeps running (once a minute) while no reference is open but expired ones are kept. Expired and credited
// references are deleted after `config.actionReferences.keepMs`.
import type { LedgerUnavailable, RpcCall } from '../../chain/rpc-client'
import type { Config } from '../../config'
import type { Clock } from '../../lib/clock'
import {
  deleteOldReferences,
  dueReferences,
  payableReferencesAmong,
  readCursor,
  rescheduleReferences,
  watchedReferences,
  writeCursor,
} from './action-references.repository'
import { FIRST_CHECK_MS } from './actions.service'
import { type CreditDeps, type CreditOutcome, creditReference } from './reference-crediting'
import { accountKeysOf, type JsonTx, paysReference } from './transaction-match'

export interface WatcherOptions {
  /** Period of the feed while references are open, start to start; default 1000 ms. */
  pollMs?: number
  /** Period of the sweep (each due reference looked up on its own); default 5000 ms. */
  sweepMs?: number
  /** Longest pause after RPC failures (the pause doubles from pollMs); default 30 s. */
  maxBackoffMs?: number
  /** First look-up of a reference on its own; default FIRST_CHECK_MS. */
  firstCheckMs?: number
  /** Period of the feed while no reference is open but expired ones are kept (late payments); default 60 s. */
  lateFeedMs?: number
  /** Called after each recorded donation (benchmarks measure latency with it). */
  onCredited?: (signature: string, outcome: CreditOutcome) => void
}

export interface WatcherDeps extends CreditDeps {
  config: CreditDeps['config'] & Pick<Config, 'actionReferences'>
  clock: Clock
  watchKey: string
  log: { warn(o: object, m: string): void }
}

export interface SignatureInfo {
  signature: string
  err: unknown
}

const PAGE = 1000
const MAX_FEED_PAGES = 10
const BATCH = 100
const SIGNATURES_PER_REFERENCE = 25
/** Old references are deleted at most this often (by the injected clock), a batch at a time. */
const PRUNE_EVERY_MS = 10 * 60_000
const PRUNE_BATCH = 5_000
const CONFIRMED = { commitment: 'confirmed' } as const

const txCall = (signature: string): RpcCall => [
  'getTransaction',
  [signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
]

export function referenceWatcher(deps: WatcherDeps, options: WatcherOptions = {}) {
  const { db, chain, clock, watchKey, log } = deps
  const pollMs = options.pollMs ?? 1000
  const sweepMs = options.sweepMs ?? 5000
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  const firstCheckMs = options.firstCheckMs ?? FIRST_CHECK_MS
  const lateFeedMs = options.lateFeedMs ?? 60_000
  /** Signatures already examined by this process: not fetched again. */
  const settled = new Set<string>()
  let lastSweep = 0
  let lastLateFeed = 0
  let lastPrune = 0

  /** The transactions, fetched in JSON-RPC batches; null where the node cannot show one at `confirmed` yet. */
  async function fetchAll(signatures: string[]): Promise<(JsonTx | null)[]> {
    const out: (JsonTx | null)[] = []
    for (let i = 0; i < signatures.length; i += BATCH) {
      const answers = await chain.rpc.batch(signatures.slice(i, i + BATCH).map(txCall))
      out.push(...answers.map((a) => (a.ok ? (a.result as JsonTx | null) : null)))
    }
    return out
  }

  /**
   * Credits each open reference the transaction really pays (a transaction that only mentions one proves
   * nothing). Successful transactions only, oldest first; returns how many were examined before one that the
   * node cannot show yet (the rest wait for the next tick).
   */
  async function examine(found: SignatureInfo[]): Promise<number> {
    const fresh = found.filter((s) => s.err === null && !settled.has(s.signature)).map((s) => s.signature)
    const txs = await fetchAll(fresh)
    for (const [i, signature] of fresh.entries()) {
      const tx = txs[i]
      if (!tx) return found.findIndex((s) => s.signature === signature)
      for (const ref of await payableReferencesAmong(db, accountKeysOf(tx))) {
        if (!paysReference(tx, ref, chain.usdcMint)) continue
        const outcome = await creditReference(deps, ref, signature)
        if (outcome.kind === 'rejected')
          log.warn({ signature, reference: ref.reference, ...outcome }, 'not credited')
        else options.onCredited?.(signature, outcome)
      }
      if (settled.size >= 10_000) settled.clear()
      settled.add(signature)
    }
    return found.length
  }

  /** New signatures on the watch key since the cursor, oldest first. */
  async function feedSince(cursor: string | undefined): Promise<SignatureInfo[]> {
    const found: SignatureInfo[] = []
    let before: string | undefined
    for (let page = 0; page < MAX_FEED_PAGES; page++) {
      const batch = await chain.rpc.call<SignatureInfo[]>('getSignaturesForAddress', [
        watchKey,
        { ...CONFIRMED, limit: PAGE, until: cursor, before },
      ])
      found.push(...batch)
      if (batch.length < PAGE || !cursor) break
      before = batch[batch.length - 1]!.signature
    }
    return found.reverse()
  }

  async function readFeed(): Promise<void> {
    const cursor = await readCursor(db, watchKey)
    const found = await feedSince(cursor)
    const done = await examine(found)
    const newest = found[done - 1]?.signature
    if (newest) await writeCursor(db, watchKey, newest)
  }

  /** Open references due for a look-up of their own, in JSON-RPC batches. */
  async function sweep(): Promise<void> {
    const due = await dueReferences(db, clock(), BATCH * 2)
    for (let i = 0; i < due.length; i += BATCH) {
      const refs = due.slice(i, i + BATCH)
      const answers = await chain.rpc.batch(
        refs.map((r) => [
          'getSignaturesForAddress',
          [r.reference, { ...CONFIRMED, limit: SIGNATURES_PER_REFERENCE }],
        ]),
      )
      const found = answers.flatMap((a) => (a.ok ? (a.result as SignatureInfo[]) : [])).reverse()
      await examine([...new Map(found.map((s) => [s.signature, s])).values()])
      await rescheduleReferences(
        db,
        refs.map((r) => r.reference),
        clock(),
        firstCheckMs,
      )
    }
  }

  /** Expired and credited references past the retention period go (a batch per round). */
  async function prune(): Promise<void> {
    const now = clock().getTime()
    if (now - lastPrune < PRUNE_EVERY_MS) return
    lastPrune = now
    await deleteOldReferences(db, new Date(now - deps.config.actionReferences.keepMs), PRUNE_BATCH)
  }

  /** One round: the feed and the sweep while references are open; the feed alone, once a minute, while only
   * expired ones are kept; nothing at all (no RPC call) when there are neither. */
  async function tick(): Promise<void> {
    await prune()
    const watched = await watchedReferences(db)
    if (watched.open === 0) {
      if (!watched.expired || Date.now() - lastLateFeed < lateFeedMs) return
      lastLateFeed = Date.now()
      return readFeed()
    }
    await readFeed()
    if (Date.now() - lastSweep < sweepMs) return
    lastSweep = Date.now()
    await sweep()
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = true
  let delay = pollMs

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      const started = Date.now()
      running = tick()
        .then(() => {
          delay = Math.max(0, pollMs - (Date.now() - started))
        })
        .catch((error: Error | LedgerUnavailable) => {
          delay = Math.min(Math.max(delay, pollMs) * 2, maxBackoffMs)
          log.warn({ err: error, retryInMs: delay }, 'reference watcher: tick failed')
        })
        .finally(schedule)
    }, delay)
  }

  return {
    tick,
    start() {
      if (!stopped) return
      stopped = false
      schedule()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
