// The reference watcher (docs/decisions/005-reference-watcher.md): records Action / Solana Pay donations from the
// chain with no call from the donor. Two paths, both through getSignaturesForAddress:
// - the feed: every Action transaction carries this deployment's watch key, so one call per tick lists every new
//   one, however many references are open; the cursor (newest examined signature) lives in the database;
// - the sweep: each open reference is also looked up on its own, in JSON-RPC batches, on a backing-off schedule
//   (20 s, 80 s, 5 min … and once when it expires), in case the feed missed something (a lagging RPC node).
import type { ChainUnavailableError, RpcCall } from '../../chain/rpc-client'
import type { Clock } from '../../lib/clock'
import {
  countOpenReferences,
  dueReferences,
  openReferencesAmong,
  readCursor,
  rescheduleReferences,
  writeCursor,
} from './action-references.repository'
import { FIRST_CHECK_MS } from './actions.service'
import { type CreditDeps, type CreditOutcome, creditReference } from './reference-crediting'
import { accountKeysOf, type JsonTx, paysReference } from './transaction-match'

export interface WatcherOptions {
  /** Pause between ticks while references are open; default 1000 ms. */
  pollMs?: number
  /** Longest pause after RPC failures (the pause doubles from pollMs); default 30 s. */
  maxBackoffMs?: number
  /** First look-up of a reference on its own; default FIRST_CHECK_MS. */
  firstCheckMs?: number
  /** Called after each recorded donation (benchmarks measure latency with it). */
  onCredited?: (signature: string, outcome: CreditOutcome) => void
}

export interface WatcherDeps extends CreditDeps {
  clock: Clock
  watchKey: string
  log: { info(o: object, m: string): void; warn(o: object, m: string): void }
}

export interface SignatureInfo {
  signature: string
  err: unknown
}

const PAGE = 1000
const MAX_FEED_PAGES = 10
const SWEEP_BATCH = 100
// Per tick, so a tick stays short and the feed (the fast path) runs every pollMs whatever the backlog.
const MAX_SWEEP = 200
const SIGNATURES_PER_REFERENCE = 25
const CONFIRMED = { commitment: 'confirmed' } as const

const txCall = (signature: string): RpcCall => [
  'getTransaction',
  [signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
]

export function referenceWatcher(deps: WatcherDeps, options: WatcherOptions = {}) {
  const { db, chain, clock, watchKey, log } = deps
  const pollMs = options.pollMs ?? 1000
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  const firstCheckMs = options.firstCheckMs ?? FIRST_CHECK_MS
  /** Signatures that proved nothing for a reference they mention: not fetched again by this process. */
  const settled = new Set<string>()

  /** Examines one successful transaction: credits each open reference it really pays. */
  async function examine(signature: string): Promise<boolean> {
    if (settled.has(signature)) return true
    const tx = await chain.rpc.call<JsonTx | null>(...txCall(signature))
    if (!tx) return false // listed but not readable at `confirmed` yet: try again next tick
    for (const ref of await openReferencesAmong(db, accountKeysOf(tx))) {
      if (!paysReference(tx, ref)) continue
      const outcome = await creditReference(deps, ref, signature)
      if (outcome.kind === 'rejected')
        log.warn({ signature, reference: ref.reference, ...outcome }, 'not credited')
      else options.onCredited?.(signature, outcome)
    }
    settled.add(signature)
    if (settled.size > 10_000) settled.clear()
    return true
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
    let newest = cursor
    for (const info of await feedSince(cursor)) {
      if (info.err === null && !(await examine(info.signature))) break
      newest = info.signature
    }
    if (newest && newest !== cursor) await writeCursor(db, watchKey, newest)
  }

  /** Open references due for a look-up of their own, in JSON-RPC batches. */
  async function sweep(): Promise<void> {
    const due = await dueReferences(db, clock(), MAX_SWEEP)
    for (let i = 0; i < due.length; i += SWEEP_BATCH) {
      const refs = due.slice(i, i + SWEEP_BATCH)
      const answers = await chain.rpc.batch(
        refs.map((r) => [
          'getSignaturesForAddress',
          [r.reference, { ...CONFIRMED, limit: SIGNATURES_PER_REFERENCE }],
        ]),
      )
      const signatures = answers.flatMap((a) => (a.ok ? (a.result as SignatureInfo[]) : []))
      for (const info of signatures.reverse()) if (info.err === null) await examine(info.signature)
      await rescheduleReferences(
        db,
        refs.map((r) => r.reference),
        clock(),
        firstCheckMs,
      )
    }
  }

  /** One round: nothing at all while no reference is open (no RPC call). */
  async function tick(): Promise<void> {
    if ((await countOpenReferences(db)) === 0) return
    await readFeed()
    await sweep()
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = true
  let delay = pollMs

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      running = tick()
        .then(() => {
          delay = pollMs
        })
        .catch((error: Error | ChainUnavailableError) => {
          delay = Math.min(delay * 2, maxBackoffMs)
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

export type ReferenceWatcher = ReturnType<typeof referenceWatcher>
