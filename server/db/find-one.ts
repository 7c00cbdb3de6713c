// The one row of `table` that `where` picks (by a unique key), or undefined.
import type { SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client'

export async function findOne<T extends PgTable>(db: Db, table: T, where: SQL | undefined) {
  // Drizzle cannot infer a generic table's row from select(); the table's own type says what the row is.
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)
  return rows[0] as T['$inferSelect'] | undefined
}
