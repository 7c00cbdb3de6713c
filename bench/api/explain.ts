// EXPLAIN ANALYZE of every statement the public reads run, at the seeded scale: the services are called on a
// Drizzle instance that records its SQL, and each statement is explained on the same database. Prints the
// plan's top lines and the execution time per statement (docs/performance.md keeps them, 'EXPLAIN ANALYZE at
// 100k emergencies / 1M donations').
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Db } from '../../server/db/client'
import { testConfig, testClock } from '../../tests/helpers/config'
import { donationListsService } from '../../server/modules/donations/donation-lists.service'
import { emergencyListsService } from '../../server/modules/emergencies/emergency-lists.service'
import { emergenciesService } from '../../server/modules/emergencies/emergencies.service'
import { ledgerClock } from '../../server/chain/ledger-clock'
import { noLedger } from '../../server/connect-chain'
import { diskStore } from '../../server/storage'
import type { Seeded } from '../../tests/helpers/scale-seed'

interface Statement {
  sql: string
  params: unknown[]
}

export interface Read {
  name: string
  run(services: Services): Promise<unknown>
}

type Services = ReturnType<typeof services>

function services(db: Db) {
  const config = testConfig()
  const clock = testClock()
  return {
    lists: emergencyListsService({ config, db, clock }),
    donations: donationListsService({ config, db }),
    emergencies: emergenciesService({
      config,
      db,
      clock,
      store: diskStore('/nonexistent'),
      // reads only: no wallet is stamped, so no ledger is needed
      ledgerClock: ledgerClock(noLedger().rpc, clock, console),
    }),
  }
}

/** The reads the load table measures, by their services (no HTTP, no cache). */
export function reads(seeded: Seeded, scale: { emergencies: number; donations: number }): Read[] {
  const listDeep = Math.floor(scale.emergencies / 2 / 10)
  const feedDeep = Math.floor(scale.donations / 2 / 12)
  const viral = seeded.viralId
  const id = seeded.sampleIds[0]!
  const url = (path: string) => `/api/${path}`
  return [
    { name: 'emergency detail', run: (s) => s.emergencies.detail(id, null) },
    { name: 'featured', run: (s) => s.lists.featured(url('emergency/featured/'), {}) },
    { name: 'emergency donations, typical', run: (s) => s.donations.ofEmergency(url('x'), {}, id, null) },
    {
      name: `emergency donations, viral, page ${Math.floor(scale.donations / 100 / 20)}`,
      run: (s) =>
        s.donations.ofEmergency(url('x'), { page: Math.floor(scale.donations / 100 / 20) }, viral, null),
    },
    { name: 'list page 1', run: (s) => s.lists.list(url('emergency/list/'), {}) },
    { name: `list page ${listDeep}`, run: (s) => s.lists.list(url('emergency/list/'), { page: listDeep }) },
    { name: 'list search "flood"', run: (s) => s.lists.list(url('emergency/list/'), { search: 'flood' }) },
    {
      name: 'list search "river village #4242"',
      run: (s) => s.lists.list(url('x'), { search: 'river village #4242' }),
    },
    { name: 'feed page 1', run: (s) => s.donations.feed(url('x'), {}) },
    { name: `feed page ${feedDeep}`, run: (s) => s.donations.feed(url('x'), { page: feedDeep }) },
    { name: 'feed search "flood"', run: (s) => s.donations.feed(url('x'), { search: 'flood' }) },
    { name: 'feed search "0.5" (amount)', run: (s) => s.donations.feed(url('x'), { search: '0.5' }) },
    // Signed in, not cached: the dashboard's headline of the campaigner with the most donations.
    {
      name: "a campaigner's totals (the viral one's)",
      run: (s) => s.donations.campaignerTotals(seeded.viralOwnerId),
    },
  ]
}

/** Runs each read once, recording its statements, then explains them; returns the printable report. */
export async function explainReads(
  target: { url: string } | { pglite: PGlite },
  list: Read[],
): Promise<string> {
  const recorded: Statement[] = []
  const logger = { logQuery: (sql: string, params: unknown[]) => recorded.push({ sql, params }) }
  let pool: pg.Pool | undefined
  let explain: (statement: Statement) => Promise<string[]>
  let db: Db
  if ('url' in target) {
    pool = new pg.Pool({ connectionString: target.url, max: 1 })
    db = drizzlePg({ client: pool, logger })
    explain = async ({ sql, params }) =>
      (await pool!.query(`explain (analyze, buffers) ${sql}`, params)).rows.map((r) => r['QUERY PLAN'])
  } else {
    db = drizzlePglite({ client: target.pglite, logger })
    explain = async ({ sql, params }) =>
      (
        await target.pglite.query<Record<string, string>>(`explain (analyze, buffers) ${sql}`, params)
      ).rows.map((r) => r['QUERY PLAN']!)
  }
  const out: string[] = []
  const s = services(db)
  for (const read of list) {
    recorded.length = 0
    await read.run(s)
    const statements = [...recorded]
    out.push(`\n### ${read.name} (${statements.length} statement${statements.length === 1 ? '' : 's'})`)
    for (const statement of statements) {
      const plan = await explain(statement)
      const time = plan.find((line) => line.startsWith('Execution Time'))
      const nodes = plan.filter(
        (line) => /->|^\S/.test(line) && !/^(Planning|Execution|Buffers)/.test(line.trim()),
      )
      out.push(`- ${time ?? ''}: ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}`)
      for (const line of nodes.slice(0, 8)) out.push(`    ${line.replace(/\s+\(cost=[^)]*\)/, '')}`)
    }
  }
  await pool?.end()
  return out.join('\n')
}
