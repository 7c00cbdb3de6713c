// Donations to different emergencies on PostgreSQL do not wait for each other: no row that every donation
// updates is held from its insert to its commit (the read cache's change log, migration 1400; the feed's
// position counts, striped by emergency, migration 1401, and their groups, migration 1600). The feed's counts stay
// exact through concurrent donations and the folding of their stripes, each group's count stays its blocks' sum,
// and a fold never deadlocks with a scam verdict's counts.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, type Db, rowsOf } from '../../server/db/client'
import { createTestDatabase } from '../helpers/database'
import { insertEmergencies } from '../helpers/raw-emergencies'

let database: Database
let emergencies: number[]
beforeAll(async () => {
  database = await createTestDatabase()
  emergencies = await insertEmergencies(database.db, 3)
})
afterAll(() => database.close())

let donations = 0
/** A donation as the payments service records it: payment, donation, the emergency's totals. */
async function donate(tx: Db, emergencyId: number) {
  const hash = `apart-${donations++}`
  const [payment] = rowsOf(
    await tx.execute(sql`insert into payments (tx_hash, kind, payer_wallet, reference, recipient_wallet, lamports,
        cluster, slot)
      values (${hash}, 'donation', 'donor', ${String(emergencyId)}, 'wallet', 1000000, 'local', 1) returning id`),
  ) as { id: number }[]
  await tx.execute(sql`with credited as (update emergencies set total_donated = total_donated + 1000000,
      donation_count = donation_count + 1 where id = ${emergencyId} returning id)
    insert into donations (payment_id, tx_hash, emergency_id, donor_wallet, amount)
    select ${payment!.id}, ${hash}, id, 'donor', 1000000 from credited`)
}

const feedCount = async () =>
  (
    rowsOf(
      await database.db.execute(
        sql`select coalesce(sum(n), 0)::int as n from list_positions where list = 'feed'`,
      ),
    ) as { n: number }[]
  )[0]!.n

/** Groups of blocks whose count is not their blocks' stripe 0 (migration 1600), in either list. */
const groupsAstray = async () =>
  rowsOf(
    await database.db.execute(sql`select list, grp::int, groups.n::int as counted, blocks.n::int as blocks
      from list_position_groups groups
      full join (select list, bucket >> 5 as grp, sum(n) as n from list_positions where stripe = 0
        group by list, bucket >> 5) blocks using (list, grp)
      where groups.n is distinct from blocks.n`),
  )

describe('donations to different emergencies on PostgreSQL', () => {
  it('records one while another, to a different emergency, is not yet committed', async () => {
    const { db } = database
    let recorded!: () => void
    const firstRecorded = new Promise<void>((resolve) => (recorded = resolve))
    let commit!: () => void
    const mayCommit = new Promise<void>((resolve) => (commit = resolve))
    const first = db.transaction(async (tx) => {
      await donate(tx, emergencies[0]!)
      recorded()
      await mayCommit
    })
    await firstRecorded
    // Waiting for any lock the first donation holds fails at once instead of waiting for ever.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`)
      await donate(tx, emergencies[1]!)
    })
    commit()
    await first
    expect(await feedCount()).toBe(2)
  })

  it('keeps the feed count exact through many concurrent donations and the folding of their stripes', async () => {
    const { db } = database
    const nextId = (id: number) =>
      db.execute(sql`select setval(pg_get_serial_sequence('donations', 'id'), ${id - 1})`)
    // Ids 1001-1150: across the first two blocks of 1024 ids, through two folds (ids 1024 and 1088).
    await nextId(1001)
    const results = await Promise.allSettled(
      Array.from({ length: 150 }, (_, i) => db.transaction((tx) => donate(tx, emergencies[i % 3]!))),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    expect(await feedCount()).toBe(152)
    // A fold with nobody else writing (id 1216) leaves stripes only in the newest block, and the counts exact.
    await nextId(1216)
    await db.transaction((tx) => donate(tx, emergencies[0]!))
    const blocks = rowsOf(
      await db.execute(sql`select bucket::int, count(*)::int as rows, sum(n)::int as n from list_positions
        where list = 'feed' group by bucket order by bucket`),
    ) as { bucket: number; rows: number; n: number }[]
    expect(blocks).toEqual([
      { bucket: 0, rows: 1, n: 2 + 23 },
      { bucket: 1, rows: expect.any(Number) as number, n: 127 + 1 },
    ])
    expect(await groupsAstray()).toEqual([])
  })

  it('never deadlocks a donation folding the stripes against a scam verdict on another emergency', async () => {
    const { db } = database
    const nextId = (id: number) =>
      db.execute(sql`select setval(pg_get_serial_sequence('donations', 'id'), ${id - 1})`)
    const more = await insertEmergencies(db, 8)
    // A: its stripe would be the one the verdict's counts go to; B: another emergency, to be judged a scam.
    const a = more.find((id) => id % 8 === 0)!
    const b = more.find((id) => id % 8 !== 0)!
    // B has donations in an older block (not yet folded) and in the newest one.
    await nextId(3000)
    await db.transaction((tx) => donate(tx, b))
    await nextId(4100)
    await db.transaction((tx) => donate(tx, b))
    const before = await feedCount()

    let recorded!: () => void
    const firstRecorded = new Promise<void>((resolve) => (recorded = resolve))
    let goOn!: () => void
    const mayGoOn = new Promise<void>((resolve) => (goOn = resolve))
    // A donation to A holds its count in the newest block; its next one (id 4160) folds the older blocks.
    const donations = db.transaction(async (tx) => {
      await donate(tx, a)
      recorded()
      await mayGoOn
      await tx.execute(sql`select setval(pg_get_serial_sequence('donations', 'id'), 4159)`)
      await donate(tx, a)
    })
    await firstRecorded
    // Meanwhile the verdict on B takes B's counts out of the feed, block by block, oldest first.
    const verdict = db.transaction((tx) =>
      tx.execute(sql`update emergencies set review_status = 'confirmed_scam' where id = ${b}`),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    goOn()
    const results = await Promise.allSettled([donations, verdict])
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    // A's two donations in, B's two out.
    expect(await feedCount()).toBe(before + 2 - 2)
    expect(await groupsAstray()).toEqual([])
  })

  it('keeps each group of blocks counting its blocks through concurrent donations across a group boundary', async () => {
    const { db } = database
    const nextId = (id: number) =>
      db.execute(sql`select setval(pg_get_serial_sequence('donations', 'id'), ${id - 1})`)
    const before = await feedCount()
    // Ids 32700-32849: across groups 0 and 1 (32,768 ids each), through folds at ids 32704, 32768 and 32832.
    await nextId(32700)
    const results = await Promise.allSettled(
      Array.from({ length: 150 }, (_, i) => db.transaction((tx) => donate(tx, emergencies[i % 3]!))),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    // A fold with nobody else writing (id 32896) leaves stripes only in the newest group's newest block.
    await nextId(32896)
    await db.transaction((tx) => donate(tx, emergencies[0]!))
    expect(await feedCount()).toBe(before + 151)
    expect(await groupsAstray()).toEqual([])
    // Group 0 is folded whole into its count; group 1's rows are still in its newest block's stripes.
    const unfolded = rowsOf(
      await db.execute(
        sql`select distinct bucket::int from list_positions where list = 'feed' and stripe <> 0`,
      ),
    )
    expect(unfolded).toEqual([{ bucket: 32 }])
    const groups = rowsOf(
      await db.execute(
        sql`select grp::int, n::int from list_position_groups where list = 'feed' order by grp`,
      ),
    )
    expect(groups).toEqual([{ grp: 0, n: before + 68 }])
  })
})
