// LIMIT/OFFSET paging of a list (the `?page=` lists answered by loadPage): one page of rows and the size of the
// whole list, read in parallel.
import { count, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client'

export interface OffsetSlice {
  limit: number
  offset: number
}

/** `rows`: the list's query, ordered; `list`: the table and filter its size is counted with. */
export async function offsetPage<R>(
  db: Db,
  rows: { limit(limit: number): { offset(offset: number): PromiseLike<R[]> } },
  list: { table: PgTable; where?: SQL },
  at: OffsetSlice,
): Promise<{ rows: R[]; total: number }> {
  const [page, size] = await Promise.all([
    rows.limit(at.limit).offset(at.offset),
    db.select({ n: count() }).from(list.table).where(list.where),
  ])
  return { rows: page, total: size[0]?.n ?? 0 }
}
