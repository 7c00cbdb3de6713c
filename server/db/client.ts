// One database type for both drivers: embedded PGlite (default) and node-postgres (DATABASE_URL=postgres://…).
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Config } from '../config'
import { lockDataDir } from './data-dir-lock'

/** A Drizzle Postgres database (or a transaction: `db.transaction(async (tx) => …)` hands out a `Db` too). */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  driver: 'pglite' | 'postgres'
  close(): Promise<void>
}

/**
 * Opens the configured database. PGlite is one connection: `PGlite.transaction()` holds it exclusively, so a
 * query from another request waits until the transaction ends instead of running inside it (proven by
 * tests/api/db-transactions.test.ts).
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const url = config.databaseUrl
  if (url === undefined) {
    const unlock = lockDataDir(config.dataDir)
    try {
      const database = fromPglite(await PGlite.create(path.join(config.dataDir, 'pglite')))
      return { ...database, close: () => database.close().finally(unlock) }
    } catch (error) {
      unlock()
      throw error
    }
  }
  if (url === 'memory://') return fromPglite(await PGlite.create())
  return fromPool(new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 }))
}

export function fromPglite(client: PGlite): Database {
  return { db: drizzlePglite({ client }), driver: 'pglite', close: () => client.close() }
}

export function fromPool(pool: pg.Pool): Database {
  // An idle client that loses its server must not crash the process; the next query reports the problem.
  pool.on('error', () => undefined)
  return { db: drizzlePg({ client: pool }), driver: 'postgres', close: () => pool.end() }
}

/** Both drivers answer `execute` with an object holding `rows`. */
export function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows
}
