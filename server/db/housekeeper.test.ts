import type { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import { inProcessJobs } from '../jobs/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPglite } from '../../tests/helpers/database'
import { fromPglite } from './client'
import { vacuumLoop, vacuumOneDueTable } from './housekeeper'

const statsOf = async (client: PGlite, table: string) => {
  const { rows } = await client.query<{ vacuum_count: number; n_dead_tup: number }>(
    'select vacuum_count, n_dead_tup from pg_stat_user_tables where relname = $1',
    [table],
  )
  const [stats] = rows
  if (!stats) throw new Error(`no statistics for ${table}`)
  return stats
}

describe("the PGlite housekeeper (autovacuum's job)", () => {
  let client: PGlite
  beforeAll(async () => {
    client = await createTestPglite()
    await client.exec(`
      create table totals (id int primary key, raised bigint not null);
      insert into totals select g, 0 from generate_series(1, 100) g;
      create table untouched (id int primary key);
      insert into untouched select g from generate_series(1, 100) g;`)
    // The inserts' counters reach pg_stat_user_tables when a later statement ends: flush them before vacuuming.
    await client.query('select pg_stat_force_next_flush()')
    await client.exec('vacuum analyze')
  })
  afterAll(() => client.close())

  it('vacuums a table past the dead-row threshold and leaves a table nobody writes alone', async () => {
    const db = fromPglite(client).db
    expect(await vacuumOneDueTable(db)).toBeUndefined()
    const totals = await statsOf(client, 'totals')
    const untouched = await statsOf(client, 'untouched')
    // 300 updates of 100 rows: far past 50 + 20% dead rows.
    for (let round = 0; round < 3; round++) await client.exec('update totals set raised = raised + 1')
    expect(await vacuumOneDueTable(db)).toBe('public.totals')
    expect(await statsOf(client, 'totals')).toMatchObject({
      vacuum_count: totals.vacuum_count + 1,
      n_dead_tup: 0,
    })
    expect(await statsOf(client, 'untouched')).toEqual(untouched)
    expect(await vacuumOneDueTable(db)).toBeUndefined()
  })

  it('runs shortly after it starts and stops when the app closes', async () => {
    const app = Fastify()
    const jobs = inProcessJobs()
    jobs.runExclusively(
      'vacuum',
      vacuumLoop(fromPglite(client).db, app.log, { firstAfterMs: 1, everyMs: 50 }),
    )
    app.addHook('onReady', () => jobs.start(app.log))
    app.addHook('onClose', () => jobs.stop())
    const vacuumed = (await statsOf(client, 'totals')).vacuum_count + 1
    await app.ready()
    for (let round = 0; round < 3; round++) await client.exec('update totals set raised = raised + 1')
    const deadline = Date.now() + 20_000
    while ((await statsOf(client, 'totals')).vacuum_count < vacuumed && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await statsOf(client, 'totals')).vacuum_count).toBe(vacuumed)
    await app.close()
    for (let round = 0; round < 3; round++) await client.exec('update totals set raised = raised + 1')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await statsOf(client, 'totals')).vacuum_count).toBe(vacuumed)
  })
})
