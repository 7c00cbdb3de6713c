// Autovacuum's job on PGlite, which has none. Every donation rewrites its emergency's row and the feed's position
// counts (list_positions), so on a live embedded install dead rows pile up, the visibility map is never set (no
// index-only scans) and the planner's statistics go stale. PostgreSQL servers run their own autovacuum: this is for
// PGlite only. PGlite runs on the server's own thread, so a vacuum holds up requests while it runs: one table per
// turn, turns never overlap (the next is scheduled when one ends), and none starts once the server is closing.
// The counters come from pg_stat_user_tables; PGlite flushes them to shared memory at most once a second, when a
// statement ends, so pg_stat_force_next_flush() makes the read see the writes made so far.
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'drizzle-orm'
import { every, type Loop } from '../jobs/loop'
import { safeForLog } from '../plugins/errors'
import { rowsOf, type Db } from './client'

/**
 * The most overdue table by autovacuum's default rules (vacuum past 50 + 20% dead rows or 1,000 + 20% rows inserted
 * since the last vacuum, which sets the visibility map of insert-mostly tables; analyze past 50 + 10% changed), vacuumed
 * and analyzed. Returns its name, or undefined when none is due.
 */
export async function vacuumOneDueTable(db: Db): Promise<string | undefined> {
  await db.execute(sql`select pg_stat_force_next_flush()`)
  const [due] = rowsOf(
    await db.execute(sql`
      select quote_ident(schemaname) || '.' || quote_ident(relname) as name
      from pg_stat_user_tables
      where n_dead_tup > 50 + 0.2 * n_live_tup
         or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
         or n_mod_since_analyze > 50 + 0.1 * n_live_tup
      order by greatest(n_dead_tup, n_ins_since_vacuum, n_mod_since_analyze)::float8 / (n_live_tup + 50) desc
      limit 1`),
  ) as { name: string }[]
  if (!due) return undefined
  await db.execute(sql.raw(`vacuum (analyze) ${due.name}`))
  return due.name
}

/** The housekeeper as a background loop: a turn shortly after it starts, then one every `everyMs` after the last. */
export function vacuumLoop(
  db: Db,
  log: FastifyBaseLogger,
  { firstAfterMs = 5_000, everyMs = 60_000 } = {},
): Loop {
  const onError = (error: unknown) =>
    log.warn({ err: safeForLog(error) }, 'housekeeping vacuum failed; trying again at the next turn')
  return every({ everyMs, firstAfterMs, onError }, async () => {
    const vacuumed = await vacuumOneDueTable(db)
    if (vacuumed) log.debug({ table: vacuumed }, 'vacuumed (PGlite has no autovacuum)')
  })
}
