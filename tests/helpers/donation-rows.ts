// Donations written straight into the database, each with its payments row, as the benches' seed does: for reads
// that need text no API request can carry (a comment starting with a tab) or more rows than a test can pay for.
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

export interface DonationRows {
  emergencyId: number
  donorWallet: string
  /** one donation per comment, in this order */
  comments?: (string | null)[]
  /** or this many, every third with a comment of commas, quotes and a newline */
  count?: number
}

let batch = 0

/** Inserts the donations (0.05 SOL each, block times a second apart) and returns how many. */
export async function insertDonations(db: Db, rows: DonationRows): Promise<number> {
  const count = rows.comments?.length ?? rows.count ?? 0
  const tag = `${process.pid}x${++batch}x${rows.emergencyId}`
  const comment = rows.comments
    ? sql`(${JSON.stringify(rows.comments)}::jsonb ->> (i - 1)::int)`
    : sql`case when i % 3 = 0 then 'Thank you, "friends",' || chr(10) || 'from ' || i end`
  await db.execute(sql`
    with paid as (
      insert into payments (tx_hash, kind, payer_wallet, reference, recipient_wallet, lamports, cluster, slot,
        block_time)
      select rpad('Seed' || ${tag} || 'n' || i, 88, 'z'), 'donation', ${rows.donorWallet}, ${String(rows.emergencyId)},
        'SeedWa11et', 50000000, 'local', i, now() - (${count} - i) * interval '1 second'
      from generate_series(1, ${count}) i
      returning id, tx_hash, slot
    )
    insert into donations (payment_id, tx_hash, emergency_id, donor_wallet, amount, comment)
    select paid.id, paid.tx_hash, ${rows.emergencyId}, ${rows.donorWallet}, 50000000, ${comment}
    from paid cross join lateral (select paid.slot as i) n
    order by paid.slot`)
  return count
}
