// Runs once before the e2e project: checks for Debian's Chromium and builds the PWA when dist/ is stale (the
// same script `npm start` uses), so `npm test` works on a fresh clone.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from './harness/browser'
import { inheritedEnv, repoRoot } from './harness/server'

export default function setup(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: the e2e suite drives Debian's Chromium. Install the Debian package ` +
        '`chromium` (apt-get install -y chromium), or run `npm test`, whose pretest provisions it.',
    )
  }
  execFileSync('node', ['scripts/build-if-needed.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: inheritedEnv(),
  })
}
