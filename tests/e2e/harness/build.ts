// Builds the PWA without pulling dist/ from under a server that is serving it: the shared working tree may
// have another test run in flight, so `vite build` writes to a temporary folder and the files are then moved
// into dist/ one by one (each an atomic rename), hashed assets first and index.html last. Old hashed assets
// stay until the next plain `vite build` empties dist/, so pages loaded before the swap still find theirs.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { inheritedEnv, repoRoot } from './server'

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

export function buildPwa(dist: string): void {
  const out = mkdtempSync(join(tmpdir(), 'lifeline-e2e-build-'))
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: inheritedEnv(),
    })
    const built = files(out).map((file) => relative(out, file))
    const last = (name: string) => (name === 'index.html' ? 2 : name.includes('/') ? 0 : 1)
    for (const name of built.sort((a, b) => last(a) - last(b))) {
      const target = join(dist, name)
      mkdirSync(dirname(target), { recursive: true })
      copyFileSync(join(out, name), `${target}.e2e-tmp`)
      renameSync(`${target}.e2e-tmp`, target)
    }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}
