// Emergencies inserted straight into the database, for tests of the database's own rules (triggers, locks,
// position counts) that run below the services.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../server/db/client'

/** `count` open emergencies of one new owner; their ids, in order. */
export async function insertEmergencies(db: Db, count: number): Promise<number[]> {
  const owner = randomUUID()
  const [user] = rowsOf(
    await db.execute(
      sql`insert into users (wallet_address, email) values (${owner}, ${`${owner}@example.com`}) returning id`,
    ),
  ) as { id: number }[]
  const rows = rowsOf(
    await db.execute(sql`insert into emergencies (owner_id, title, description, sol_goal, deadline, receiving_wallet)
      select ${user!.id}, 'Flood ' || i, 'Help', 1000000000000, (now() + interval '30 days')::date, 'wallet'
      from generate_series(1, ${count}) as i order by i returning id`),
  ) as { id: number }[]
  return rows.map((row) => Number(row.id))
}
