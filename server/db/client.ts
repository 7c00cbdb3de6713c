// One database type for both drivers: embedded PGlite (default) and node-postgres (DATABASE_URL=postgres://…).
import path from 'node:path'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Config } from '../config'
import { lockDataDir } from './data-dir-lock'
import { keepPlansOn } from './pglite-plans'
import { boundPgliteQueue, boundPoolQueue } from './saturation'

/** A Drizzle Postgres database (or a transaction: `db.transaction(async (tx) => …)` hands out a `Db` too). */
export type Db = PgDatabase<PgQueryResultHKT>

/** Every PGlite the app opens: the extensions the migrations create (title search uses pg_trgm). */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions

export interface Database {
  db: Db
  driver: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** How much the database may be asked at once, and for how long (server/db/saturation.ts). */
export interface DatabaseLimits {
  /** PostgreSQL connections in the pool */
  poolMax: number
  /** database requests that may wait (for a pooled connection, or in PGlite's queue); beyond: 503 at once */
  queueMax: number
  /** ms a request waits for a pooled connection before 503 */
  connectTimeoutMs: number
  /** ms one statement may run (PostgreSQL statement_timeout) before 503 */
  statementTimeoutMs: number
}

/**
 * Eight connections: PostgreSQL spends more CPU per statement the more backends run at once on few cores (one feed
 * page's statement at 1M donations, 2 cores: 0.50 ms with 2 connections busy, 0.70 with 8, 1.33 with 20), and a
 * miss is one statement, so 8 keep the database busy while Node works on the answers (docs/performance.md,
 * 'Statements and the pool'). A larger database server wants DB_POOL_MAX raised.
 */
export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  poolMax: 8,
  queueMax: 200,
  connectTimeoutMs: 2_000,
  statementTimeoutMs: 5_000,
}

/**
 * Opens the configured database. PGlite is one connection: `PGlite.transaction()` holds it exclusively, so a
 * query from another request waits until the transaction ends instead of running inside it (proven by
 * tests/api/db-transactions.test.ts).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & { databaseLimits?: DatabaseLimits },
  /** runs on the PGlite directory under the data directory's lock, before it opens (a template copy) */
  prepare?: (pgliteDir: string) => Promise<void>,
): Promise<Database> {
  const url = config.databaseUrl
  const limits = config.databaseLimits ?? DEFAULT_DATABASE_LIMITS
  const pglite = (client: PGlite) => {
    boundPgliteQueue(client, 1 + limits.queueMax)
    return fromPglite(client)
  }
  if (url === undefined) {
    const unlock = lockDataDir(config.dataDir)
    try {
      const dir = path.join(config.dataDir, 'pglite')
      await prepare?.(dir)
      const database = pglite(await PGlite.create(dir, PGLITE_OPTIONS))
      return { ...database, close: () => database.close().finally(unlock) }
    } catch (error) {
      unlock()
      throw error
    }
  }
  if (url === 'memory://') return pglite(await PGlite.create(PGLITE_OPTIONS))
  const pool = new pg.Pool({
    connectionString: url,
    // A query asked while one is under way on the same connection (only inside a transaction, e.g. a write with
    // the read cache's look right behind it: server/lib/read-cache-writes.ts) is sent at once, not after the
    // first one's answer: both answers come back in one round trip.
    pipeline: true,
    max: limits.poolMax,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
  })
  boundPoolQueue(pool, limits.queueMax)
  return fromPool(pool)
}

export function fromPglite(client: PGlite): Database {
  keepPlansOn(client)
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
