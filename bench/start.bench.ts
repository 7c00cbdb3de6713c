// Cold start (issue 10): the server as `npm start` starts it (scripts/start-server.mjs: the precompiled bundle;
// PWA already built), from the spawn to the first 200 from /api/config/, on a fresh data directory and on one that
// already holds a database; beside it, in the same run, the server started from its TypeScript sources through
// tsx (as `npm start` did before the bundle), so the ratio holds whatever the machine's load.
//   node --import tsx bench/start.bench.ts [--quick]
// A fresh data directory starts from the migrated PGlite template (server/db/pglite-template.ts), which
// `npm install` builds with the server bundle; both are built here first if missing, so the figure is that of an
// installed checkout. Beside the wall time, the CPU time the server process used until it answered (user +
// system, all its threads, from /proc): on a machine shared with other work the wall time stretches, the CPU
// time much less.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensurePgliteTemplate } from '../server/db/pglite-template'
import { repoRoot, startAppServer } from './api/servers'

const quick = process.argv.includes('--quick')
const RUNS = quick ? 1 : 3
const GOAL_MS = 4_000

type How = Parameters<typeof startAppServer>[1]
interface Timing {
  wall: number
  cpu: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** CPU ms a process has used so far (Linux /proc; utime and stime are fields 14 and 15, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function timeStart(dataDir: string, how: How): Promise<Timing> {
  const started = performance.now()
  const server = await startAppServer({ DATA_DIR: dataDir }, how)
  const wall = performance.now() - started
  const cpu = cpuMs(server.pid)
  await server.stop()
  return { wall, cpu }
}

const template = await ensurePgliteTemplate()
execFileSync(process.execPath, [path.join(repoRoot, 'scripts/server-bundle.mjs')], { stdio: 'inherit' })
console.log(
  `start (${quick ? 'quick' : 'full'}), ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
)
console.log(`  PGlite template: ${template ?? 'none (a fresh data directory runs initdb)'}`)
const timings = { fresh: new Map<How, Timing[]>(), existing: new Map<How, Timing[]>() }
const ways: How[] = ['npm start', 'sources']
for (let run = 0; run < RUNS; run++) {
  // Alternating, so a change of load during the run weighs on both ways alike.
  for (const how of ways) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-start-'))
    try {
      // The first start finds the directory empty (fresh), the second finds the database the first made.
      for (const runs of [timings.fresh, timings.existing])
        runs.set(how, [...(runs.get(how) ?? []), await timeStart(dataDir, how)])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const wallOf = (runs: Timing[]) => median(runs.map((r) => r.wall))
const cpuOf = (runs: Timing[]) => median(runs.map((r) => r.cpu))
const freshOk = wallOf(timings.fresh.get('npm start')!) <= GOAL_MS
const rows = (Object.entries(timings) as [keyof typeof timings, Map<How, Timing[]>][]).flatMap(
  ([kind, byHow]) =>
    ways.map((how) => {
      const runs = byHow.get(how)!
      const goal =
        how === 'sources'
          ? 'before (same run)'
          : kind === 'existing'
            ? '—'
            : `≤ ${GOAL_MS / 1000} s: ${freshOk ? 'met' : '**not met**'}`
      return (
        `| ${kind} data directory, ${how === 'npm start' ? '`npm start` (bundle)' : 'sources through tsx'} | ` +
        `**${seconds(wallOf(runs))}** | ${runs.map((r) => seconds(r.wall)).join(', ')} | ${seconds(cpuOf(runs))} | ${goal} |`
      )
    }),
)
console.log(
  `\n| start to the first /api/config/ | wall, median of ${RUNS} | runs | server CPU, median | goal |\n` +
    `|---|---|---|---|---|\n${rows.join('\n')}`,
)
if (!freshOk && !quick) process.exitCode = 1
