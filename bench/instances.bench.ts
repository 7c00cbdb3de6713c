// Two instances behind a load balancer (issue 33): public reads at 50 connections against one instance, then
// against two behind a round-robin client (autocannon spreads its connections over both), on one PostgreSQL
// seeded at 100k emergencies / 1M donations. On 2 cores the two instances share the CPU with PostgreSQL and the
// load generator, so the point is that nothing breaks (no failures, one watcher), not a 2× speed-up.
//   node --import tsx bench/instances.bench.ts [--quick]
// --quick: 10k emergencies / 100k donations, 3 s per run (CI-sized).
import { startInstances } from '../tests/helpers/instances'
import { type LoadFigures, load } from './api/load'
import { prepare } from './api/prepare'
import { enginesAt } from './api/read-routes'
import { printTable } from './api/table'

const quick = process.argv.includes('--quick')
const CONNECTIONS = 50
const SECONDS = quick ? 3 : 15
const WARMUP_SECONDS = quick ? 1 : 3
const ROUNDS = quick ? 1 : 3

const engine = enginesAt(quick).find((candidate) => candidate.name === 'postgres')!
console.log(`postgres: ${engine.scale.emergencies} emergencies / ${engine.scale.donations} donations`)
const { env, seeded, cleanup } = await prepare(engine)
const cluster = await startInstances({
  count: 2,
  postgresUrl: env.DATABASE_URL!,
  databaseUrl: env.DATABASE_URL,
})
try {
  const urls = cluster.instances.map((instance) => instance.url)
  // The public reads of the first screens, rotating: one emergency of 500, the lists, the feed, shallow and deep.
  const paths = [
    '/api/config/',
    '/api/emergency/featured/',
    '/api/emergency/list/?page=1',
    `/api/emergency/list/?page=${Math.floor(engine.scale.emergencies / 20 / 10)}`,
    '/api/emergency/public-donations/',
    `/api/emergency/public-donations/?page=${Math.floor(engine.scale.donations / 2 / 12)}`,
    ...seeded.sampleIds.map((id) => `/api/emergency/detail/${id}/`),
  ]
  // Each instance keeps its own read cache: both are warmed, as a balancer's instances are in a steady state.
  for (const url of urls) {
    await load(url, paths, { connections: CONNECTIONS, requests: paths.length })
    await load(url, paths, { connections: CONNECTIONS, seconds: WARMUP_SECONDS })
  }
  const run = (targets: string[]) => load(targets, paths, { connections: CONNECTIONS, seconds: SECONDS })
  // Rounds alternate, so a drift in the machine's load (2 shared cores) weighs on both alike.
  const rounds: { one: LoadFigures; two: LoadFigures }[] = []
  for (let round = 0; round < ROUNDS; round++)
    rounds.push({ one: await run(urls.slice(0, 1)), two: await run(urls) })
  const rows = rounds.flatMap(({ one, two }, round) => [
    { name: `one instance, round ${round + 1}`, figures: one, goal: 'no failures' },
    { name: `two instances, round-robin client, round ${round + 1}`, figures: two, goal: 'no failures' },
  ])
  printTable(`public reads, ${CONNECTIONS} connections, ${SECONDS} s, ${paths.length} paths in turn`, rows)
  const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!
  const one = median(rounds.map((r) => r.one.rps))
  const two = median(rounds.map((r) => r.two.rps))
  const failures = rows.reduce((sum, row) => sum + row.figures.failures, 0)
  const watchers = await Promise.all(
    urls.map(
      async (url) => ((await (await fetch(`${url}/api/health/`)).json()) as { loops: string[] }).loops,
    ),
  )
  const running = watchers.filter((loops) => loops.includes('reference-watcher')).length
  console.log(`\n  two / one: ${(two / one).toFixed(2)}× the requests per second (medians of ${ROUNDS})`)
  console.log(`  instances running the reference watcher: ${running} (loops: ${JSON.stringify(watchers)})`)
  if (failures > 0 || running !== 1) process.exitCode = 1
} finally {
  await cluster.stop()
  cleanup()
}
