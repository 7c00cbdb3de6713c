// Hot statements built once per database handle. Drizzle otherwise turns its query builder into SQL text on every
// call: a quarter of the Node CPU of a read that misses the read cache (docs/performance.md, 'Statements and
// the pool'). The statements stay unnamed on PostgreSQL (an empty name), so each execution is planned with
// its own values: a generic plan, made for any LIMIT/OFFSET, could choose a scan where these values take a
// few index rows. A read by key is named (`keptStatement`).
import type { Db } from './client'
import { keepPlan } from './pglite-plans'

/** `build(db)` once per handle (the app's, or a transaction's for as long as it lives). */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>()
  return (db) => {
    let statement = made.get(db)
    if (!statement) {
      statement = build(db)
      made.set(db, statement)
    }
    return statement
  }
}

/** The name Drizzle's `.prepare()` is given: empty, so PostgreSQL keeps no named statement (see above). */
export const UNNAMED = ''

/**
 * `query` prepared as a named statement, for one whose plan cannot depend on its values (a row by its key):
 * PostgreSQL keeps it per connection and, after five executions, reuses one generic plan instead of parsing and
 * planning each time. Checked with `plan_cache_mode = force_generic_plan` at 1M donations: the same index plans. An
 * explore page is named per page size, built so that its generic plan reads by key (public-lists.repository.ts); so
 * is the feed's (donation-lists.repository.ts). PGlite ignores the name: it keeps the statement planned through SQL
 * PREPARE instead (pglite-plans.ts).
 */
export function keptStatement<P>(
  db: Db,
  query: { toSQL(): { sql: string }; prepare(name: string): P },
  name: string,
): P {
  const named = `lifeline_${name}`
  keepPlan(db, query.toSQL().sql, named)
  return query.prepare(named)
}

/** `build(db, size)` once per handle and page size: a statement with the page's size written into it. */
export function preparedPerSize<T>(build: (db: Db, size: number) => T): (db: Db, size: number) => T {
  const bySize = new Map<number, (db: Db) => T>()
  return (db, size) => {
    let made = bySize.get(size)
    if (!made) {
      made = preparedPer((handle) => build(handle, size))
      bySize.set(size, made)
    }
    return made(db)
  }
}
