// A fresh, migrated database per call: PGlite restored from a migrated template (cached on disk, keyed by the
// migrations), or, when the pg project provides TEST_DATABASE_URL, a new schema in the throwaway PostgreSQL.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, fromPglite, fromPool, PGLITE_OPTIONS } from '../../server/db/client'
import { MIGRATIONS_DIR, migrate } from '../../server/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    TEST_DATABASE_URL?: string
  }
}

const CACHE_DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/lifeline')

export function testDatabaseUrl(): string | undefined {
  return inject('TEST_DATABASE_URL') || undefined
}

/** A PGlite restored from the migrated template (the raw client, for tests of the driver layer). */
export async function createTestPglite(): Promise<PGlite> {
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate() })
}

export async function createTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl()
  if (!url) return fromPglite(await createTestPglite())
  const database = await emptyPostgresSchema(url)
  await migrate(database.db)
  return database
}

/** A new, empty schema in the pg project's PostgreSQL (dropped on close). */
export async function emptyPostgresSchema(url: string): Promise<Database> {
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await createExtensionsOnce(admin)
  await admin.query(`create schema ${schema}`)
  await admin.end()
  // public stays on the path for the extensions' operators (the migrations' create extension finds them there).
  const database = fromPool(
    // pipelined as the server's pool is (server/db/client.ts)
    new pg.Pool({
      connectionString: url,
      max: 5,
      pipeline: true,
      options: `-c search_path=${schema},public`,
    }),
  )
  return {
    ...database,
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`drop schema ${schema} cascade`)
      await cleanup.end()
    },
  }
}

/**
 * Extensions belong to the database, not to a schema: created once in public, or a file's migration would create
 * them in its own schema and take them along when that schema is dropped. Files race here: a lost race is fine.
 */
async function createExtensionsOnce(admin: pg.Client) {
  try {
    await admin.query('create extension if not exists pg_trgm with schema public')
  } catch (error) {
    if (!['23505', '42710'].includes((error as { code?: string }).code ?? '')) throw error
  }
}

let template: Promise<Blob> | undefined

/** initdb costs ~3 s and much memory, so it runs once per change of the migrations, not per test. */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(CACHE_DIR, `pglite-template-${migrationsHash()}.tar`)
    if (!fs.existsSync(file)) {
      const client = await PGlite.create(PGLITE_OPTIONS)
      await migrate(fromPglite(client).db)
      const dump = await client.dumpDataDir('none')
      await client.close()
      fs.mkdirSync(CACHE_DIR, { recursive: true })
      const partial = `${file}.${process.pid}.partial`
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      fs.renameSync(partial, file)
    }
    return new Blob([fs.readFileSync(file)])
  })()
  return template
}

function migrationsHash(): string {
  const hash = createHash('sha256')
  const pgliteVersion = JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ).version as string
  hash.update(pgliteVersion)
  for (const name of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)))
  }
  return hash.digest('hex').slice(0, 16)
}

/** A fresh database on the PostgreSQL server at `postgresUrl` (for server processes of their own); its URL and how
 * to drop it. */
export async function freshDatabase(
  postgresUrl: string,
  prefix = 'lifeline',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
