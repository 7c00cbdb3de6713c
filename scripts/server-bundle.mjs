// The server as one precompiled ES module, so `npm start` loads plain JavaScript instead of having tsx transform
// and resolve some 300 TypeScript files at every start (≈ 1.8 s of the cold start's CPU, issue 10). `npm install`
// builds it (postinstall), and a start rebuilds it first whenever a source is newer. Packages stay external: they
// load from node_modules exactly as they do under tsx.
//   node scripts/server-bundle.mjs      builds it if stale (never fails: `npm start` can run the sources instead)
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { newestModification } from './newest-modification.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
export const SERVER_BUNDLE = join(root, 'node_modules/.cache/lifeline/server.mjs')
const sources = ['server', 'ledger-sim', 'api-contract', 'package-lock.json', 'scripts/server-bundle.mjs']

const isFresh = () =>
  existsSync(SERVER_BUNDLE) &&
  statSync(SERVER_BUNDLE).mtimeMs >=
    Math.max(...sources.map((source) => newestModification(join(root, source))))

/** The bundle's path, built first when missing or stale; undefined when it cannot be built (the reason is printed). */
export async function freshServerBundle() {
  if (isFresh()) return SERVER_BUNDLE
  try {
    // Loaded only to build: a start with a fresh bundle does not pay for esbuild.
    const { build } = await import('esbuild')
    mkdirSync(dirname(SERVER_BUNDLE), { recursive: true })
    // Written beside it, then renamed: a start running at the same moment never loads half a file.
    const staging = `${SERVER_BUNDLE}.${process.pid}.mjs`
    await build({
      entryPoints: [join(root, 'server/main.ts')],
      outfile: staging,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
    })
    renameSync(`${staging}.map`, `${SERVER_BUNDLE}.map`)
    renameSync(staging, SERVER_BUNDLE)
    return SERVER_BUNDLE
  } catch (error) {
    console.warn(`The server bundle could not be built (${String(error)}); running the TypeScript sources.`)
    return undefined
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await freshServerBundle()
