// Page N of a long public list without reading the rows before it (migration 0900_read_paths.sql): the list's
// rows are counted per block of 1024 ids, so the block holding position q is found by summing those counts, and
// the read skips less than one block.
import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from './client'
import type { IdSlice } from './id-slice'

export type PublicList = 'feed' | 'emergencies'

/** Ids per position block (bucket = id >> BUCKET_BITS), as in the migration. */
export const BUCKET_BITS = 10
const BUCKET = 2 ** BUCKET_BITS

/** The exact number of rows in the list. */
export async function listSize(db: Db, list: PublicList): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`select coalesce(sum(n), 0)::text as total from list_positions where list = ${list}`),
  ) as { total: string }[]
  return Number(rows[0]?.total ?? 0)
}

/**
 * The rows at 0-based positions q.. (newest first), `limit` of them, as an id slice. Near the top the skip is
 * read directly; deeper, the block holding position q is located first.
 */
export async function sliceAt(db: Db, list: PublicList, q: number, limit: number): Promise<IdSlice> {
  if (q < BUCKET) return { direction: 'down', skip: q, limit }
  const rows = rowsOf(
    await db.execute(sql`
      select bucket::text as block, (through - n)::text as before from (
        select bucket, n, sum(n) over (order by bucket desc) as through
        from list_positions where list = ${list}
      ) walk
      where through > ${q}
      order by bucket desc
      limit 1`),
  ) as { block: string; before: string }[]
  const found = rows[0]
  // Past the end: an empty slice.
  if (!found) return { direction: 'down', below: 0, skip: 0, limit }
  return {
    direction: 'down',
    below: (Number(found.block) + 1) * BUCKET,
    skip: q - Number(found.before),
    limit,
  }
}
