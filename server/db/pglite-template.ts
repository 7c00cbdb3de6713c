// A fresh data directory starts from a copy of a migrated PGlite database instead of running initdb (≈3.5 s of a
// 4.5–7 s cold start, issue 10). The template is built once per PGlite version under node_modules/.cache (by
// `npm install`'s postinstall, or by the first start that needs it) and holds the migrations of the day it was
// built: a copy is a database that ran those, and `migrate()` applies the newer ones as on any existing database.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { fromPglite, PGLITE_OPTIONS } from './client'
import { migrate } from './migrate'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/lifeline')

function templateDir(): string {
  const manifest = path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')
  const version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version
  return path.join(CACHE_DIR, `pglite-data-template-${version}`)
}

const isDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'))

/**
 * The template directory, built when missing (initdb and migrations in a scratch folder, then one rename, so
 * concurrent builders never leave half a template). Undefined when it cannot be built (e.g. a read-only
 * node_modules): the caller then initialises as before.
 */
export async function ensurePgliteTemplate(): Promise<string | undefined> {
  const template = templateDir()
  if (isDatabase(template)) return template
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true })
    const scratch = fs.mkdtempSync(path.join(CACHE_DIR, 'building-'))
    const client = await PGlite.create(scratch, PGLITE_OPTIONS)
    await migrate(fromPglite(client).db)
    await client.close()
    try {
      fs.renameSync(scratch, template)
    } catch {
      fs.rmSync(scratch, { recursive: true, force: true }) // another process got there first
    }
    return isDatabase(template) ? template : undefined
  } catch {
    return undefined
  }
}

/**
 * Gives a PGlite directory without a database a copy of the template; leaves an existing database alone. Runs
 * under the data directory's lock (openDatabase's `prepare`).
 */
export async function startFromTemplate(pgliteDir: string): Promise<void> {
  if (isDatabase(pgliteDir)) return
  const template = await ensurePgliteTemplate()
  if (!template) return
  // Copied beside the target, then renamed: a start interrupted mid-copy leaves no half database behind.
  const staging = `${pgliteDir}.partial`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.cpSync(template, staging, { recursive: true })
  fs.rmSync(pgliteDir, { recursive: true, force: true })
  fs.renameSync(staging, pgliteDir)
}
