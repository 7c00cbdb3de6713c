// Many donations to one emergency at once on PostgreSQL, each in its own transaction as the payments service
// records them (payment, donation, the emergency's totals): all are recorded, none deadlocks
// (migration 1200_donation_lock_order.sql).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, rowsOf } from '../../server/db/client'
import { createTestDatabase } from '../helpers/database'
import { insertEmergencies } from '../helpers/raw-emergencies'

let database: Database
let emergencyId: number
beforeAll(async () => {
  database = await createTestDatabase()
  emergencyId = (await insertEmergencies(database.db, 1))[0]!
})
afterAll(() => database.close())

describe('donations to one emergency on PostgreSQL', () => {
  it('records 60 concurrent donations without a deadlock', async () => {
    const { db } = database
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        db.transaction(async (tx) => {
          const [payment] = rowsOf(
            await tx.execute(sql`insert into payments (tx_hash, kind, payer_wallet, reference, recipient_wallet,
                lamports, cluster, slot)
              values (${`lock-order-${i}`}, 'donation', 'donor', ${String(emergencyId)}, 'wallet', 1000000, 'local', 1)
              returning id`),
          ) as { id: number }[]
          await tx.execute(sql`insert into donations (payment_id, tx_hash, emergency_id, donor_wallet, amount)
            values (${payment!.id}, ${`lock-order-${i}`}, ${emergencyId}, 'donor', 1000000)`)
          await tx.execute(sql`update emergencies set total_donated = total_donated + 1000000,
            donation_count = donation_count + 1 where id = ${emergencyId}`)
        }),
      ),
    )
    const failures = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))
    expect(failures).toEqual([])
    const [row] = rowsOf(
      await db.execute(sql`select donation_count::int as n, (select coalesce(sum(n), 0)::int from list_positions
        where list = 'feed') as listed from emergencies where id = ${emergencyId}`),
    ) as { n: number; listed: number }[]
    expect(row).toEqual({ n: 60, listed: 60 })
  })
})
