// `npm start` serves the built PWA. Build it when dist/ is missing or older than any of its sources, so a fresh
// clone starts with one command and an unchanged tree starts at once.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json']
const builtMarker = 'dist/index.html'

const newestModification = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestModification(join(path, name))), 0)
}

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0
const changedAt = Math.max(...sources.map(newestModification))
if (builtAt > 0 && builtAt >= changedAt) process.exit(0)

console.log(builtAt === 0 ? 'Building the PWA (first start)…' : 'Sources changed since the last build; rebuilding the PWA…')
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
