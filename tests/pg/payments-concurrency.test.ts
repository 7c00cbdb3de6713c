// Exactly-once credit with real concurrent connections: PGlite serialises everything, PostgreSQL not.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { PaymentAlreadyProcessedError, recordPayment } from '../../server/modules/payments/payments.service'
import { createTestDatabase } from '../helpers/database'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
  await database.db.execute(
    sql`create table test_totals (reference text primary key, total bigint not null default 0)`,
  )
})
afterAll(() => database.close())

describe('payments on PostgreSQL', () => {
  it('credits exactly once among 200 concurrent recordings of one signature', async () => {
    const { db } = database
    const payment = {
      txHash: '5'.repeat(88),
      kind: 'donation' as const,
      payerWallet: 'donor',
      recipientWallet: 'campaign',
      reference: 'emergency-1',
      lamports: 250_000_000n,
      tipLamports: 5_000_000n,
      cluster: 'local',
      slot: 42,
    }
    let credits = 0
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        recordPayment(db, { ...payment, kind: i % 2 ? 'listing_fee' : 'donation' }, async (tx, row) => {
          credits++
          await tx.execute(sql`insert into test_totals (reference, total) values (${row.reference}, ${row.lamports})
            on conflict (reference) do update set total = test_totals.total + excluded.total`)
        }),
      ),
    )
    const rejected = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(rejected.every((r) => r.reason instanceof PaymentAlreadyProcessedError)).toBe(true)
    expect(credits).toBe(1)
    const rows = (await db.execute(
      sql`select count(*)::int as n from payments where tx_hash = ${payment.txHash}`,
    )) as unknown as { rows: { n: number }[] }
    expect(rows.rows[0]?.n).toBe(1)
    const totals = (await db.execute(
      sql`select total::text from test_totals where reference = 'emergency-1'`,
    )) as unknown as { rows: { total: string }[] }
    expect(totals.rows[0]?.total).toBe('250000000')
  })
})
