// Applies server/db/migrations/NNNN_name.sql in name order, each in its own transaction, once.
// A file holding several statements separates them with a line `--> statement-breakpoint` (PGlite's extended
// protocol runs one statement per query).
import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { REPO_ROOT } from '../repo-root'
import { type Db, rowsOf } from './client'

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'server/db/migrations')

// Any constant: concurrent instances starting together apply each migration once.
const MIGRATION_LOCK = 724_113

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Under the lock: two instances creating the table at once would collide in the catalog.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`)
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    )
  })
  const files = (await fs.readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort()
  // One look first: a start with nothing to apply (the usual case) costs one query, not a transaction per file.
  const recorded = new Set(
    (rowsOf(await db.execute(sql`select name from schema_migrations`)) as { name: string }[]).map(
      (r) => r.name,
    ),
  )
  const applied: string[] = []
  for (const name of files.filter((file) => !recorded.has(file))) {
    const script = await fs.readFile(path.join(dir, name), 'utf8')
    const ran = await db.transaction(async (tx) => {
      // A migration may rebuild an index on a large table: the request statement timeout does not apply.
      await tx.execute(sql`set local statement_timeout = 0`)
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`)
      const done = await tx.execute(sql`select 1 from schema_migrations where name = ${name}`)
      if (rowsOf(done).length > 0) return false
      for (const statement of splitStatements(script)) await tx.execute(sql.raw(statement))
      await tx.execute(sql`insert into schema_migrations (name) values (${name})`)
      return true
    })
    if (ran) applied.push(name)
  }
  return applied
}

export function splitStatements(script: string): string[] {
  return script
    .split(/^--> statement-breakpoint\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/--.*$/gm, '').trim() !== '')
}
