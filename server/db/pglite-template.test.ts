import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, rowsOf } from './client'
import { migrate, MIGRATIONS_DIR } from './migrate'
import { startFromTemplate } from './pglite-template'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-template-'))
let database: Database | undefined
afterAll(async () => {
  await database?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('a fresh data directory', () => {
  it('starts from the migrated template: a working database with nothing left to migrate', async () => {
    database = await openDatabase({ dataDir, databaseUrl: undefined }, startFromTemplate)
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
    expect(fs.existsSync(path.join(dataDir, 'pglite.partial'))).toBe(false)
    const all = fs.readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'))
    const applied = await migrate(database.db)
    const recorded = rowsOf(await database.db.execute(sql`select count(*)::int as n from schema_migrations`))
    expect((recorded[0] as { n: number }).n).toBe(all.length)
    // Whatever the template lacked was applied now; a second run finds nothing.
    expect(await migrate(database.db)).toEqual([])
    expect(applied.length).toBeLessThanOrEqual(all.length)
    await database.db.execute(sql`insert into users (wallet_address, email) values ('w', 'e@example.com')`)
    // initdb's template databases are not copied: the app's own database is all there is.
    const databases = rowsOf(await database.db.execute(sql`select datname from pg_database`))
    expect(databases).toEqual([{ datname: 'postgres' }])
  })

  it('is left alone once it holds a database', async () => {
    await database!.close()
    database = await openDatabase({ dataDir, databaseUrl: undefined }, startFromTemplate)
    const users = rowsOf(await database.db.execute(sql`select wallet_address from users`))
    expect(users).toEqual([{ wallet_address: 'w' }])
  })
})
