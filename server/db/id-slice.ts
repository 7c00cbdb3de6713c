// Reading part of a list ordered newest first by id: a keyset (ids below or above a key) and a short skip.
import { asc, desc, gt, lt, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** ids below `below` (all when absent), newest first, skipping `skip` of them */
export interface DownSlice {
  direction: 'down'
  below?: number
  skip: number
  limit: number
}

export type IdSlice =
  | DownSlice
  /** ids above `above`, oldest first (a previous page, read from its end) */
  | { direction: 'up'; above: number; limit: number }

export interface IdSliceSql {
  where: SQL | undefined
  orderBy: SQL
  offset: number
  limit: number
}

/** The same, or with placeholders in a statement built once (downSliceSql). */
export type SliceSql = Omit<IdSliceSql, 'offset' | 'limit'> & {
  offset: number | Placeholder
  limit: number | Placeholder
}

export function idSliceSql(id: AnyPgColumn, slice: IdSlice): IdSliceSql {
  if (slice.direction === 'up')
    return { where: gt(id, slice.above), orderBy: asc(id), offset: 0, limit: slice.limit }
  return {
    where: slice.below === undefined ? undefined : lt(id, slice.below),
    orderBy: desc(id),
    offset: slice.skip,
    limit: slice.limit,
  }
}

/** A down slice with placeholders (`below`, `skip`, `limit`), for statements built once (server/db/prepared.ts). */
export function downSliceSql(id: AnyPgColumn): SliceSql {
  return {
    where: lt(id, sql.placeholder('below')),
    orderBy: desc(id),
    offset: sql.placeholder('skip'),
    limit: sql.placeholder('limit'),
  }
}

/** The placeholders' values; no `below` is every id (the same index read from its newest end). */
export function downSliceValues(slice: DownSlice) {
  return { below: slice.below ?? Number.MAX_SAFE_INTEGER, skip: slice.skip, limit: slice.limit }
}
