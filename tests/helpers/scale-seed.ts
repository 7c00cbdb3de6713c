// Seeds an empty, migrated database with generate_series, the way the issue's figures were measured: users,
// emergencies (one proof image each, some boosted, some deleted or confirmed scams), and donations with their
// payments rows, spread over 90 days; one "viral" emergency receives 1% of all donations. Totals on emergencies are
// set from the donations, as the recording service keeps them. Plain SQL, so it also seeds code that predates
// the counters and indexes it measures. `npm run bench` seeds at scale, the list tests at a small one.
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { rowsOf } from '../../server/db/client'

export interface Scale {
  emergencies: number
  donations: number
  users: number
}

export interface Seeded {
  /** the emergency holding 1% of the donations */
  viralId: number
  /** its campaigner (the one with the most donations across their emergencies) */
  viralOwnerId: number
  /** ids of public (visible) emergencies to vary detail and donation-list requests over */
  sampleIds: number[]
  /** every other public emergency's id, in a scattered order (reads that must miss the cache ask each once) */
  otherIds: number[]
}

/** Base58-looking text (hex without 0, plus y/z) of a given length from a seed expression. */
const b58 = (seed: string, length: number) =>
  `substr(translate(md5(${seed}) || md5(${seed} || 'x') || md5(${seed} || 'y'), '0', 'z'), 1, ${length})`

const WORDS = `array['Flood', 'Fire', 'Earthquake', 'Storm', 'Medical', 'Drought', 'Landslide', 'Hurricane']`
const PLACES = `array['river village', 'old town', 'coast', 'valley school', 'hospital', 'farm', 'harbour', 'market']`

export async function seed(db: Db, scale: Scale): Promise<Seeded> {
  const run = (text: string) => db.execute(sql.raw(text))
  const { emergencies: E, donations: D, users: U } = scale
  const viral = 1
  // Ids are computed (owner 1 + i % U, emergency 1 + …): they must start at 1.
  const existing = rowsOf(
    await run('select (select count(*) from users) + (select count(*) from emergencies) as n'),
  )
  if (Number((existing[0] as { n: number | string }).n) > 0) throw new Error('seed needs an empty database')

  await run(`insert into users (wallet_address, email)
    select ${b58(`'u' || i`, 44)}, 'user' || i || '@example.com' from generate_series(1, ${U}) i`)

  // Newest last (ids grow with created_at), spread over 90 days; 1% deleted, 0.5% confirmed scams, 60 boosted.
  await run(`insert into emergencies (owner_id, title, description, sol_goal, deadline, receiving_wallet,
      boost_expires_at, review_status, is_flagged, deleted_at, created_at, updated_at)
    select 1 + (i::bigint * 7919) % ${U},
      (${WORDS})[1 + i % 8] || ' relief for the ' || (${PLACES})[1 + (i / 8) % 8] || ' #' || i,
      'Families need help after the disaster. Every donation is recorded on-chain. Case ' || i,
      (1 + i % 50) * 1000000000::bigint,
      (now() + interval '60 days')::date,
      ${b58(`'w' || i`, 44)},
      case when i % ${Math.max(1, Math.floor(E / 60))} = 0 and i <> ${viral} then now() + (i % 7 + 1) * interval '1 day' end,
      case when i % 200 = 7 then 'confirmed_scam' else 'none' end,
      i % 200 = 7,
      case when i % 100 = 3 then now() end,
      now() - (${E} - i) * (interval '90 days' / ${E}),
      now() - (${E} - i) * (interval '90 days' / ${E})
    from generate_series(1, ${E}) i`)

  await run(`insert into emergency_images (emergency_id, file_name, content_type, size_bytes)
    select id, md5(id::text) || '.webp', 'image/webp', 48000 from emergencies`)

  // Donation i goes to the viral emergency every 100th time, else to a scattered one.
  const target = `case when i % 100 = 0 then ${viral} else 1 + (i::bigint * 104729) % ${E} end`
  await run(`insert into payments (tx_hash, kind, payer_wallet, user_id, reference, recipient_wallet, lamports,
      tip_lamports, cluster, slot, block_time, created_at)
    select ${b58(`'t' || i`, 88)}, 'donation', ${b58(`'u' || (1 + i % ${U})`, 44)}, 1 + i % ${U},
      (${target})::text, ${b58(`'w' || (${target})`, 44)}, (1 + i % 20) * 50000000::bigint,
      case when i % 3 = 0 then 2500000 else 0 end, 'local', i, now() - (${D} - i) * (interval '90 days' / ${D}),
      now() - (${D} - i) * (interval '90 days' / ${D})
    from generate_series(1, ${D}) i`)

  await run(`insert into donations (payment_id, tx_hash, emergency_id, donor_id, donor_wallet, amount, tip_amount,
      comment, created_at)
    select p.id, p.tx_hash, p.reference::bigint, p.user_id, p.payer_wallet, p.lamports, p.tip_lamports,
      case when p.id % 4 = 0 then 'Stay strong, we are with you.' end, p.created_at
    from payments p order by p.id`)

  await run(`update emergencies e set total_donated = s.total, donation_count = s.n
    from (select emergency_id, sum(amount) total, count(*) n from donations group by emergency_id) s
    where s.emergency_id = e.id`)

  await run(`insert into campaigns (owner_id, project_name, description, sol_goal, receiving_wallet, is_listed)
    select 1 + i % ${U}, 'Project ' || i, 'A project raising funds.', 1000000000, ${b58(`'c' || i`, 44)}, i % 4 <> 0
    from generate_series(1, 200) i`)

  await run('analyze')

  const visible = rowsOf(
    await db.execute(sql`select id from emergencies
      where deleted_at is null and review_status <> 'confirmed_scam' and id <> ${viral}
      order by md5(id::text)`),
  ) as { id: number | string }[]
  const ids = visible.map((row) => Number(row.id))
  const [owner] = rowsOf(await db.execute(sql`select owner_id from emergencies where id = ${viral}`)) as {
    owner_id: number | string
  }[]
  return {
    viralId: viral,
    viralOwnerId: Number(owner!.owner_id),
    sampleIds: ids.slice(0, 500),
    otherIds: ids.slice(500),
  }
}
