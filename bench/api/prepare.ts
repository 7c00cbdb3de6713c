// The seeded world a bench engine reads: a fresh data directory or a throwaway PostgreSQL cluster, migrated and
// seeded through the project's own migrations, vacuumed as a live database would be.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { fromPool, openDatabase, type Database } from '../../server/db/client'
import { migrate } from '../../server/db/migrate'
import { startPostgresCluster } from '../../tests/helpers/postgres-cluster'
import { seed, type Seeded } from '../../tests/helpers/scale-seed'
import type { Engine } from './read-routes'

/** A fresh data directory (and, for PostgreSQL, a throwaway cluster), migrated and seeded at the engine's scale. */
export async function prepare(
  engine: Engine,
): Promise<{ env: { DATA_DIR: string; DATABASE_URL?: string }; seeded: Seeded; cleanup(): void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lifeline-bench-${engine.name}-`))
  let database: Database
  let stopCluster = () => {}
  let databaseUrl: string | undefined
  if (engine.name === 'pglite') {
    database = await openDatabase({ dataDir, databaseUrl: undefined })
  } else {
    const cluster = await startPostgresCluster()
    stopCluster = () => cluster.stop()
    databaseUrl = cluster.url
    database = fromPool(new pg.Pool({ connectionString: cluster.url, max: 2 }))
  }
  const started = Date.now()
  await migrate(database.db)
  const seeded = await seed(database.db, engine.scale)
  // Set the visibility map and the statistics, as autovacuum (PostgreSQL) or the server's housekeeper (PGlite,
  // server/db/housekeeper.ts) would on a live database, so index-only scans are possible.
  await database.db.execute(sql`vacuum analyze`)
  await database.close()
  console.log(
    `  seeded ${engine.scale.emergencies} emergencies, ${engine.scale.donations} donations in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return {
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    seeded,
    cleanup: () => {
      stopCluster()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
