// An admin's decision on a row still waiting for one (a KYC submission, an investment intent). The update applies
// only while the row is pending, so of two admins deciding at once exactly one wins.
import { and, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client'

type Decided = PgTable & { id: PgColumn; status: PgColumn }

/** The decided row, or undefined when the row was no longer pending (or does not exist). */
export async function decidePending<T extends Decided>(
  db: Db,
  table: T,
  id: number,
  set: Partial<T['$inferInsert']>,
) {
  // Drizzle cannot infer a generic table's row from update(); the table's own type says what the row is.
  const rows = await db
    .update(table as PgTable)
    .set(set)
    .where(and(eq(table.id, id), eq(table.status, 'pending')))
    .returning()
  return rows[0] as T['$inferSelect'] | undefined
}
