// Kept statements on PGlite. PostgreSQL keeps a named statement per connection and reuses its plan; PGlite's
// query() ignores the name and parses and plans every statement anew (six calls into its wasm, the planning of a
// page's statement the costliest). A kept statement (prepared.ts keptStatement) is therefore prepared once on the
// PGlite with SQL PREPARE and run with EXECUTE, its values written into the EXECUTE as literals (a bound parameter
// to EXECUTE is refused). Same SQL text, same rows, read through the same options, so Drizzle maps them as before:
// CPU per statement on the seeded 10k / 100k (one process, alternating), feed page 2.08 -> 1.00 ms, explore page
// 2.43 -> 1.20 ms (docs/performance.md, 'PGlite in the server thread'). A statement with the same text run
// otherwise (in a transaction, whose handle has no `$client`) runs as it is.
import type { PGlite } from '@electric-sql/pglite'
import type { Db } from './client'

type Keep = (text: string, name: string) => void

const keepers = new WeakMap<object, Keep>()

/** The app's kept statements on `client` run as PREPARE once and EXECUTE (called once per PGlite it opens). */
export function keepPlansOn(client: PGlite): void {
  if (!keepers.has(client)) keepers.set(client, executeKept(client))
}

/**
 * Runs `text` as the prepared statement `name` when `db` is a handle on a PGlite that keeps plans (Drizzle's
 * `$client`, which wrappers made with Object.create inherit; a transaction's handle has none: its statements run
 * as they are).
 */
export function keepPlan(db: Db, text: string, name: string): void {
  const client = (db as { $client?: object }).$client
  if (client) keepers.get(client)?.(text, name)
}

/** Integers (and nulls) as SQL literals; undefined when any value is something else (it is then bound as usual). */
function literals(values: unknown[]): string | undefined {
  const written: string[] = []
  for (const value of values) {
    if (value === null || value === undefined) written.push('null')
    else if (typeof value === 'bigint' || Number.isSafeInteger(value)) written.push(String(value))
    else return undefined
  }
  return written.join(', ')
}

function executeKept(client: PGlite): Keep {
  const names = new Map<string, string>()
  const prepared = new Map<string, Promise<unknown>>()
  const query = client.query.bind(client)
  client.query = (async (text: string, params: unknown[] = [], options?: Parameters<typeof query>[2]) => {
    const name = names.get(text)
    const values = name === undefined ? undefined : literals(params)
    if (name === undefined || values === undefined) return query(text, params, options)
    let preparing = prepared.get(name)
    if (!preparing) {
      preparing = query(`prepare ${name} as ${text}`)
      prepared.set(name, preparing)
      preparing.catch(() => prepared.delete(name))
    }
    await preparing
    return query(`execute ${name}(${values})`, [], options)
  }) as typeof client.query
  return (text, name) => names.set(text, name)
}
