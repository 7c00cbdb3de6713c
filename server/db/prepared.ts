// Hot statements built once per database handle. Drizzle otherwise turns its query builder into SQL text on every
// call: a quarter of the Node CPU of a read that misses the read cache (docs/performance.md). The statements stay
// unnamed on PostgreSQL (an empty name), so each execution is planned with its own values: a generic plan, made
// for any LIMIT/OFFSET, could choose a scan where these values take a few index rows.
import type { Db } from './client'

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
