// Reading part of a list ordered newest first by id: a keyset (ids below or above a key) and a short skip.
import { asc, desc, gt, lt, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

export type IdSlice =
  /** ids below `below` (all when absent), newest first, skipping `skip` of them */
  | { direction: 'down'; below?: number; skip: number; limit: number }
  /** ids above `above`, oldest first (a previous page, read from its end) */
  | { direction: 'up'; above: number; limit: number }

export interface IdSliceSql {
  where: SQL | undefined
  orderBy: SQL
  offset: number
  limit: number
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
