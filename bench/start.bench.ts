// Cold start (issue 10): `server/main.ts` as `npm start` runs it (PWA already built), from the spawn to the first
// 200 from /api/config/, on a fresh data directory and on one that already holds a database.
//   node --import tsx bench/start.bench.ts [--quick]
// A fresh data directory starts from the migrated PGlite template (server/db/pglite-template.ts), which
// `npm install` builds; it is built here first if missing, so the figure is that of an installed checkout.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensurePgliteTemplate } from '../server/db/pglite-template'
import { startAppServer } from './api/servers'

const quick = process.argv.includes('--quick')
const RUNS = quick ? 1 : 3
const GOAL_MS = 4_000

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now()
  const server = await startAppServer({ DATA_DIR: dataDir })
  const elapsed = performance.now() - started
  await server.stop()
  return elapsed
}

const template = await ensurePgliteTemplate()
console.log(
  `start (${quick ? 'quick' : 'full'}), ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
)
console.log(`  PGlite template: ${template ?? 'none (a fresh data directory runs initdb)'}`)
const fresh: number[] = []
const existing: number[] = []
for (let run = 0; run < RUNS; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-start-'))
  try {
    fresh.push(await timeStart(dataDir))
    existing.push(await timeStart(dataDir))
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
const freshOk = median(fresh) <= GOAL_MS
const show = (values: number[]) => values.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')
console.log(
  `\n| start to the first /api/config/ | median of ${RUNS} | runs | goal |\n|---|---|---|---|\n` +
    `| fresh data directory | **${(median(fresh) / 1000).toFixed(2)} s** | ${show(fresh)} | ≤ ${GOAL_MS / 1000} s: ${freshOk ? 'met' : '**not met**'} |\n` +
    `| existing data directory | ${(median(existing) / 1000).toFixed(2)} s | ${show(existing)} | — |`,
)
if (!freshOk && !quick) process.exitCode = 1
