// Cold start (issue 10): `server/main.ts` as `npm start` runs it (PWA already built), from the spawn to the first
// 200 from /api/config/, on a fresh data directory and on one that already holds a database.
//   node --import tsx bench/start.bench.ts [--quick]
// A fresh data directory starts from the migrated PGlite template (server/db/pglite-template.ts), which
// `npm install` builds; it is built here first if missing, so the figure is that of an installed checkout.
// Beside the wall time, the CPU time the server process used until it answered (user + system, all its threads,
// from /proc): on a machine shared with other work the wall time stretches, the CPU time much less.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensurePgliteTemplate } from '../server/db/pglite-template'
import { startAppServer } from './api/servers'

const quick = process.argv.includes('--quick')
const RUNS = quick ? 1 : 3
const GOAL_MS = 4_000

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** CPU ms a process has used so far (Linux /proc; utime and stime are fields 14 and 15, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function timeStart(dataDir: string): Promise<{ wall: number; cpu: number }> {
  const started = performance.now()
  const server = await startAppServer({ DATA_DIR: dataDir })
  const wall = performance.now() - started
  const cpu = cpuMs(server.pid)
  await server.stop()
  return { wall, cpu }
}

const template = await ensurePgliteTemplate()
console.log(
  `start (${quick ? 'quick' : 'full'}), ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
)
console.log(`  PGlite template: ${template ?? 'none (a fresh data directory runs initdb)'}`)
const fresh: { wall: number; cpu: number }[] = []
const existing: { wall: number; cpu: number }[] = []
for (let run = 0; run < RUNS; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-start-'))
  try {
    fresh.push(await timeStart(dataDir))
    existing.push(await timeStart(dataDir))
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const row = (name: string, runs: { wall: number; cpu: number }[], goal: string) =>
  `| ${name} | **${seconds(median(runs.map((r) => r.wall)))}** | ${runs.map((r) => seconds(r.wall)).join(', ')} | ` +
  `${seconds(median(runs.map((r) => r.cpu)))} | ${goal} |`
const freshOk = median(fresh.map((r) => r.wall)) <= GOAL_MS
console.log(
  `\n| start to the first /api/config/ | wall, median of ${RUNS} | runs | server CPU, median | goal |\n` +
    `|---|---|---|---|---|\n` +
    `${row('fresh data directory', fresh, `≤ ${GOAL_MS / 1000} s: ${freshOk ? 'met' : '**not met**'}`)}\n` +
    `${row('existing data directory', existing, '—')}`,
)
if (!freshOk && !quick) process.exitCode = 1
