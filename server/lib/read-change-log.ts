// Reading the read cache's change log (migration 1400): which changes a reader has not seen yet, and which
// transactions a snapshot saw end. server/lib/read-cache.ts drops what they name.
import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../db/client'

/** A change that names this scope changes anything. */
export const EVERYTHING = '*'

/** Where a reader is in the change log: the snapshot it last read it with, as text (`xmin:xmax:xip,…`). */
export type Seen = string

/** One change in the log: the transaction that wrote it (xid8, as text) and the scopes it names. */
export interface Change {
  xid: string
  scopes: string[]
}

/** Had transaction `xid` ended (committed or rolled back) for a statement that ran with `snapshot`? */
export function endedIn(xid: string, snapshot: Seen): boolean {
  const [xmin = '0', xmax = '0', running = ''] = snapshot.split(':')
  const id = BigInt(xid)
  return id < BigInt(xmin) || (id < BigInt(xmax) && !running.split(',').includes(xid))
}

/**
 * The scopes changed since the reader looked with `seen` (every scope when that cannot be told), and the snapshot
 * to look with next. A change is read when its transaction was not yet visible to `seen` and is to this statement:
 * each one once, in whatever order the writers committed (migration 1400).
 */
export async function changesSince(
  db: Db,
  seen: Seen | undefined,
): Promise<{ seen: Seen; scopes: string[]; changes: Change[]; own: string | null }> {
  if (seen === undefined) {
    const rows = rowsOf(await db.execute(sql`select pg_current_snapshot()::text as seen`))
    return { seen: (rows[0] as { seen: string }).seen, scopes: [EVERYTHING], changes: [], own: null }
  }
  // One statement, one snapshot: the changes it reads are exactly those its snapshot sees and `seen` did not.
  // Changes pruned since `seen` (the newest pruned writer not older than its xmin) may be some it never read.
  // `own`: inside a transaction that wrote, its id (none is assigned for asking).
  const rows = rowsOf(
    await db.execute(sql`select snap.seen::text as seen, p.through >= pg_snapshot_xmin(${seen}::pg_snapshot) as gap,
        snap.own::text as own, c.xid::text as xid, c.scopes
      from (select pg_current_snapshot() as seen, pg_current_xact_id_if_assigned() as own) snap
      cross join read_changes_pruned p
      left join read_changes c on c.xid >= pg_snapshot_xmin(${seen}::pg_snapshot)
        and not pg_visible_in_snapshot(c.xid, ${seen}::pg_snapshot)`),
  ) as { seen: string; gap: boolean; own: string | null; xid: string | null; scopes: string[] | null }[]
  const { seen: next, own } = rows[0]!
  const changes = rows.flatMap((row) => (row.scopes ? [{ xid: row.xid!, scopes: row.scopes }] : []))
  if (rows[0]!.gap) return { seen: next, scopes: [EVERYTHING], changes, own }
  return { seen: next, scopes: [...new Set(changes.flatMap((change) => change.scopes))], changes, own }
}
