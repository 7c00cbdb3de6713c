// A fresh data directory starts from a copy of a migrated PGlite database instead of running initdb (≈3.5 s of a
// 4.5–7 s cold start, issue 10). The template is built once per PGlite version under node_modules/.cache (by
// `npm install`'s postinstall, or by the first start that needs it) and holds the migrations of the day it was
// built: a copy is a database that ran those, and `migrate()` applies the newer ones as on any existing database.
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { REPO_ROOT } from '../repo-root'
import { fromPglite, PGLITE_OPTIONS } from './client'
import { migrate } from './migrate'

const CACHE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/lifeline')

function templateDir(): string {
  const manifest = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')
  const version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version
  // "-app-only": templates without initdb's template databases (an older template of this version had them).
  return path.join(CACHE_DIR, `pglite-data-template-${version}-app-only`)
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
    await dropTemplateDatabases(client)
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
 * The server only ever connects to `postgres` and never runs CREATE DATABASE: initdb's template0 and template1 are
 * 600 of the template's 1,130 files and 14 of its 40 MB, copied at every fresh start for nothing.
 */
async function dropTemplateDatabases(client: PGlite): Promise<void> {
  await client.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  )
  await client.exec('drop database template0')
  await client.exec('drop database template1')
  await client.exec('checkpoint')
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
