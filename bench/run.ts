// `npm run bench`: runs every bench/*.bench.ts in turn, each in its own Node process, and prints its output.
// Exits non-zero when any benchmark does (a budget missed or a crash).
//   npm run bench -- --quick              every bench in its CI-sized mode (flags go to each bench)
//   npm run bench -- lighthouse bundle    only the benches whose file name contains one of the words
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'))
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const benches = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort()

const failed: string[] = []
for (const name of benches) {
  console.log(`\n=== ${name} ===`)
  const started = Date.now()
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, name), ...flags], {
    stdio: 'inherit',
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const status = run.status ?? `signal ${run.signal}`
  console.log(`=== ${name}: exit ${status} in ${seconds} s ===`)
  if (run.status !== 0) failed.push(name)
}

if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`)
  process.exitCode = 1
}
