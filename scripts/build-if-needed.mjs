// Builds the PWA when dist/ is missing or older than any of its sources, so a fresh clone starts (`npm start`)
// and tests (`npm test`) with one command, and an unchanged tree starts at once.
//
// A server may be serving dist/ while this runs (a test run, a developer's `npm start`), so the build goes to a
// temporary folder and its files are then moved into dist/ one by one (each an atomic rename): hashed assets
// first, index.html last. Pages loaded before the swap still find their old hashed assets.
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { newestModification } from './newest-modification.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const sources = [
  'src',
  'public',
  'api-contract',
  'scripts',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'package-lock.json',
]

const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })

const builtAt = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0
const changedAt = Math.max(...sources.map((source) => newestModification(join(root, source))))
if (builtAt > 0 && builtAt >= changedAt) process.exit(0)

console.log(
  builtAt === 0
    ? 'Building the PWA (first start)…'
    : 'Sources changed since the last build; rebuilding the PWA…',
)
const out = mkdtempSync(join(tmpdir(), 'lifeline-build-'))
try {
  // A production build whatever the caller's NODE_ENV (vitest sets it to "test", which would bundle React's
  // development runtime).
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  const order = (name) => (name === 'index.html' ? 2 : name.includes('/') ? 0 : 1)
  const built = filesUnder(out).map((file) => relative(out, file))
  for (const name of built.sort((a, b) => order(a) - order(b))) {
    const target = join(dist, name)
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(join(out, name), `${target}.tmp`)
    renameSync(`${target}.tmp`, target)
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}
