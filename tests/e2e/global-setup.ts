// Runs once before the e2e project: checks for Debian's Chromium and builds the PWA when dist/ is stale, so
// `npm test` works on a fresh clone.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CHROMIUM_PATH } from './harness/browser'
import { buildPwa } from './harness/build'
import { repoRoot } from './harness/server'

const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest']

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

export default function setup(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: the e2e suite drives Debian's Chromium. Install the Debian package ` +
        '`chromium` (apt-get install -y chromium), or run `npm test`, whose pretest provisions it.',
    )
  }
  const builtAt = existsSync(join(repoRoot, 'dist/index.html'))
    ? statSync(join(repoRoot, 'dist/index.html')).mtimeMs
    : 0
  const changedAt = Math.max(...BUILD_INPUTS.map((input) => newest(join(repoRoot, input))))
  if (builtAt >= changedAt) return
  console.log('e2e: building the PWA (dist/ is missing or older than its sources)')
  buildPwa(join(repoRoot, 'dist'))
}
