// Page N of a long public list without reading the rows before it (migration 0900_read_paths.sql): the list's
// rows are counted per block of 1024 ids (migration 1401: in a few stripes per block) and per group of 32 blocks
// (migration 1600), so the block holding position q is found by summing the groups' counts, then the blocks' of one
// group, and the read skips less than one block.
import { and, lt, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type Db, rowsOf } from './client'
import type { IdSlice } from './id-slice'

export type PublicList = 'feed' | 'emergencies'

/** Ids per position block (bucket = id >> BUCKET_BITS), as in the migration. */
export const BUCKET_BITS = 10
const BUCKET = 2 ** BUCKET_BITS
/** Blocks per group (group = bucket >> GROUP_BITS), as in migration 1600. */
const GROUP_BITS = 5
const GROUP = 2 ** GROUP_BITS

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
 * The list's size and the `limit` rows at 0-based position q (newest first), in one statement: the block holding
 * position q (blockAt); the read then skips less than one block.
 */
export async function locate(db: Db, list: PublicList, q: number, limit: number): Promise<Located> {
  const rows = rowsOf(
    await db.execute(sql`
      select below::text, skip::text, ${totalAt}::text as total from ${blockAt(list, sql`${q}::bigint`)}`),
  ) as { below: string; skip: string; total: string }[]
  const found = rows[0]
  if (!found) return { total: await listSize(db, list) }
  return {
    total: Number(found.total),
    slice: { direction: 'down', below: Number(found.below), skip: Number(found.skip), limit },
  }
}

/** What a page at a position reads: the list's table, its id column and the condition for a row to be listed. */
export interface ListedRows {
  table: PgTable
  id: PgColumn
  listed: SQL | undefined
}

/**
 * The block holding 0-based position `q` (by default a placeholder named q), as a FROM item named `at`: the block is
 * where the running count of the blocks, newest first, passes q, found in the group holding q (groupHolding), so the
 * walk reads the groups and one group's blocks (at 1M rows at most 31 and 32; every block before q's was about 500
 * at mid-depth). A page's rows are then the list's rows with ids below `belowAt`, newest first, after skipping
 * `skipAt` of them (less than one block). It also carries the list's size (`totalAt`), summed by the same read of
 * the groups. No row past the end.
 */
export const blockAt = (list: PublicList, q: SQL = sql`${sql.placeholder('q')}::bigint`): SQL =>
  sql`(select ((bucket + 1) * ${sql.raw(String(BUCKET))})::bigint as below, (${q} - (through - n))::bigint as skip,
      g.total from ${groupHolding(list, q)}, lateral (${blocksOf(list)}) walk
      where through > ${q} order by bucket desc limit 1) at`

/** See blockAt. */
export const belowAt = sql`at.below`
/** See blockAt; typed as Drizzle's `offset()` takes it (a value known only inside the statement). */
export const skipAt = sql`at.skip` as unknown as Placeholder
/** See blockAt: the list's size, a bigint. */
export const totalAt = sql`at.total`

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
export const sizeOf = (list: PublicList): SQL => sql`(select coalesce(sum(n), 0) from ${groupCounts(list)})`

/**
 * Each group's count, as a FROM item named `groups`: its blocks' stripe 0 (migration 1600) and, for the feed, their
 * stripes not yet folded (migration 1401: a few rows, in the newest blocks, read through the index of stripes; the
 * emergencies list has none, and reads its groups alone: 0.51 -> 0.48 ms of PostgreSQL CPU for an explore page at 100k). A
 * group holds at most 32,768 rows, so its count is an int, and the running sums over groups are bigints, not
 * numerics (sums of bigints): cheaper to add.
 */
const groupCounts = (list: PublicList) =>
  list === 'feed'
    ? sql`(select grp, sum(n::int)::int as n from (
        select grp, n from list_position_groups where list = 'feed'
        union all
        select bucket >> ${sql.raw(String(GROUP_BITS))}, n from list_positions where list = 'feed' and stripe <> 0) counts
      group by grp order by grp desc) groups`
    : sql`(select grp, n::int as n from list_position_groups where list = ${named(list)} order by grp desc) groups`

/**
 * The group holding position q, as a FROM item named `g` (its number, how many rows the newer groups hold, and the
 * list's size): the groups newest first with their running count, to the first that passes q (31 groups at 1M rows).
 */
const groupHolding = (list: PublicList, q: SQL) =>
  sql`(select grp, through - n as before, total from (
      select grp, n, sum(n) over (order by grp desc) as through, sum(n) over () as total
      from ${groupCounts(list)}) walk
    where through > ${q} order by grp desc limit 1) g`

/**
 * The blocks of group `g` newest first, each with the running count through it from the list's newest row: an index
 * range of the primary key, read backward (migration 1500).
 */
const blocksOf = (list: PublicList) =>
  sql`select bucket, n, g.before + sum(n) over (order by bucket desc) as through
    from (select bucket, sum(n::int)::int as n from list_positions where list = ${named(list)}
        and bucket >= g.grp * ${sql.raw(String(GROUP))} and bucket < (g.grp + 1) * ${sql.raw(String(GROUP))}
      group by bucket order by bucket desc) blocks`
