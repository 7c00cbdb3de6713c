// Page N of a long public list without reading the rows before it (migration 0900_read_paths.sql): the list's
// rows are counted per block of 1024 ids (migration 1401: in a few stripes per block), so the block holding
// position q is found by summing those counts, and the read skips less than one block.
import { and, lt, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type Db, rowsOf } from './client'
import type { IdSlice } from './id-slice'

export type PublicList = 'feed' | 'emergencies'

/** Ids per position block (bucket = id >> BUCKET_BITS), as in the migration. */
export const BUCKET_BITS = 10
const BUCKET = 2 ** BUCKET_BITS

/** The exact number of rows in the list. */
export async function listSize(db: Db, list: PublicList): Promise<number> {
  const rows = rowsOf(await db.execute(sql`select ${sizeOf(list)}::text as total`)) as { total: string }[]
  return Number(rows[0]?.total ?? 0)
}

export interface Located {
  /** the list's exact size */
  total: number
  /** the rows at positions q.. (undefined past the end) */
  slice?: IdSlice
}

/**
 * The list's size and the `limit` rows at 0-based position q (newest first), in one statement: the block
 * holding position q is where the running count of the blocks, newest first, passes q; the read then skips
 * less than one block.
 */
export async function locate(db: Db, list: PublicList, q: number, limit: number): Promise<Located> {
  const rows = rowsOf(
    await db.execute(sql`
      select total::text, bucket::text as block, (through - n)::text as before from (${walk(list)}) walk
      where through > ${q}
      order by bucket desc
      limit 1`),
  ) as { total: string; block: string; before: string }[]
  const found = rows[0]
  if (!found) return { total: await listSize(db, list) }
  return {
    total: Number(found.total),
    slice: {
      direction: 'down',
      below: (Number(found.block) + 1) * BUCKET,
      skip: q - Number(found.before),
      limit,
    },
  }
}

/** What a page at a position reads: the list's table, its id column and the condition for a row to be listed. */
export interface ListedRows {
  table: PgTable
  id: PgColumn
  listed: SQL | undefined
}

/**
 * The block holding 0-based position `q` (a placeholder), as a FROM item named `at`: the block is where the running
 * count of the blocks, newest first, passes q. A page's rows are then the list's rows with ids below `belowAt`,
 * newest first, after skipping `skipAt` of them (less than one block). No row past the end.
 */
export const blockAt = (list: PublicList): SQL =>
  sql`(select ((bucket + 1) * ${sql.raw(String(BUCKET))})::bigint as below,
      (${sql.placeholder('q')}::bigint - (through - n))::bigint as skip
      from (${walk(list)}) walk where through > ${sql.placeholder('q')}::bigint order by bucket desc limit 1) at`

/** See blockAt. */
export const belowAt = sql`at.below`
/** See blockAt; typed as Drizzle's `offset()` takes it (a value known only inside the statement). */
export const skipAt = sql`at.skip` as unknown as Placeholder

/**
 * A page's size written into the statement, for a LIMIT: a named statement's generic plan is then costed for that
 * many rows (as a parameter, the planner would guess a tenth of the list, and keep planning each execution). Typed
 * as Drizzle's `limit()` takes it.
 */
export function sizeWritten(size: number): Placeholder {
  if (!Number.isInteger(size)) throw new Error(`page size ${size} is not an integer`)
  return sql.raw(String(size)) as unknown as Placeholder
}

/**
 * The ids at 0-based positions `q` (a placeholder).. of the list, `size` of them at most, newest first, as an array
 * for `id = any(...)`, which reads those rows by key whatever the plan (the size written: sizeWritten). No id past
 * the end.
 */
export function idsAtPosition(list: PublicList, { table, id, listed }: ListedRows, size: number): SQL {
  return sql`array(select shown.id from ${blockAt(list)},
    lateral (select ${id} from ${table} where ${and(lt(id, belowAt), listed)}
      order by ${id} desc offset ${skipAt} limit ${sizeWritten(size)}) shown)`
}

/** The list's size as a page read with `sizeOf` carries it; past the end no row does, and it is read alone. */
export async function sizeCarried(db: Db, list: PublicList, rows: { total: string }[]): Promise<number> {
  return rows[0] ? Number(rows[0].total) : listSize(db, list)
}

/** The list's name as a literal: a named statement's generic plan then counts on the list's own blocks. */
const named = (list: PublicList) => sql.raw(`'${list}'`)

/** The list's size, as a scalar subquery. */
export const sizeOf = (list: PublicList): SQL =>
  sql`(select coalesce(sum(n), 0) from list_positions where list = ${named(list)})`

/**
 * The blocks newest first, each with the running count through it and the list's size. A block's count may be
 * split over a few stripes (migration 1401: concurrent donations add to different rows). The blocks are summed in
 * the walk's order, from the primary key's index read backward (migration 1500), so a read that stops at the block
 * holding its row reads the blocks up to it, not every block and then a sort. A block holds at most 1024 rows, so
 * its count is an int and the running sums are bigints, not numerics (sums of bigints): 0.80 -> 0.63 ms of
 * PostgreSQL's CPU for a feed page's statement at 1M donations.
 */
const walk = (list: PublicList) =>
  sql`select bucket, n, sum(n) over (order by bucket desc) as through, sum(n) over () as total
    from (select bucket, sum(n::int)::int as n from list_positions where list = ${named(list)}
      group by bucket order by bucket desc) blocks`
