// This instance's writes as the read cache (read-cache.ts) needs them: each transaction drops the cached answers
// its changes name before it commits (the look), the other instances are told what it changed once it committed,
// and the changes are read again after it.
import type { Db } from '../db/client'
import type { ReadCache } from './read-cache'

/** The cache of each transaction under way that keeps it fresh, whether its look was already sent, and the scopes
 * of its own changes the looks read. */
const transactions = new WeakMap<Db, { cache: ReadCache; looked: boolean; own: Set<string> }>()

/**
 * The database as this instance's modules see it: every transaction they commit (a donation recorded in the
 * background by the reference watcher as much as one a request makes) drops the cached answers it changes before
 * it commits, and the changes are read again after (answers read meanwhile may predate the commit). The caller
 * does not wait for that read: a write request's answer waits for the one its onSend asks for, which this one
 * joins (one read per write, not two); a write in the background has nobody waiting. It waits for the other
 * instances to be told (one round trip, with several instances only): once its caller answers, a reader sent on to
 * another instance finds the change there.
 */
export function dbKeepingCacheFresh(db: Db, cache: ReadCache): Db {
  const fresh = Object.create(db) as Db
  fresh.transaction = (async (run, config) => {
    const own = new Set<string>()
    const result = await db.transaction(async (tx) => {
      const state = { cache, looked: false, own }
      transactions.set(tx, state)
      const value = await run(tx)
      if (!state.looked) for (const scope of await cache.dropIfMovedIn(tx)) own.add(scope)
      return value
    }, config)
    cache.syncSoon()
    await cache.announce([...own])
    return result
  }) as Db['transaction']
  return fresh
}

/**
 * Runs the transaction's last write to what the public reads with the look before the commit sent right behind
 * it, on the same connection: one round trip for both (PostgreSQL's pipeline, server/db/client.ts) instead of
 * one more after the write. A write that locks a row other requests want (a donation, its emergency's totals)
 * then holds it one round trip less. After it, the transaction may write only tables no read scope names
 * (badges, action references): it is not looked at again. If the look did not read a change of the
 * transaction's own (it reached the database first, or the write changed nothing public), it looks again after.
 * Outside a transaction that keeps the cache fresh, it only runs the write.
 */
export async function lastPublicWrite<T>(tx: Db, write: () => PromiseLike<T>): Promise<T> {
  const state = transactions.get(tx)
  if (!state) return write()
  // Asked for first: `then` starts a query builder's statement now (it waits for no one otherwise).
  const written = write().then((value) => value)
  const looked = state.cache.dropIfMovedIn(tx)
  // The write's failure, not the look's (which fails after it: the transaction is aborted).
  const [value, sawOwn] = await Promise.allSettled([written, looked])
  if (value.status === 'rejected') throw value.reason
  if (sawOwn.status === 'rejected') throw sawOwn.reason
  if (sawOwn.value.length > 0) state.looked = true
  for (const scope of sawOwn.value) state.own.add(scope)
  return value.value
}
