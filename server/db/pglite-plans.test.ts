import { PGlite } from '@electric-sql/pglite'
import { desc, lt, sql } from 'drizzle-orm'
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, fromPglite, rowsOf } from './client'
import { keptStatement } from './prepared'

const notes = pgTable('notes', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  body: text('body'),
})

let client: PGlite
let db: Db
beforeAll(async () => {
  client = await PGlite.create()
  db = fromPglite(client).db
  await db.execute(sql`create table notes (id bigint primary key, at timestamptz not null, body text)`)
  await db.execute(sql`insert into notes select i, timestamptz '2026-01-01' + i * interval '1 hour',
    case when i % 3 = 0 then null else 'note ' || i end from generate_series(1, 40) i`)
})
afterAll(() => client.close())

const below = (handle: Db) =>
  handle
    .select()
    .from(notes)
    .where(lt(notes.id, sql.placeholder('below')))
    .orderBy(desc(notes.id))
    .limit(3)

const executions = async (name: string) =>
  (
    rowsOf(
      await db.execute(sql`select (generic_plans + custom_plans)::int as n from pg_prepared_statements
        where name = ${name}`),
    ) as { n: number }[]
  )[0]?.n ?? 0

describe('kept statements on PGlite', () => {
  it('run as one prepared statement, with the rows Drizzle maps from the statement as it is', async () => {
    const kept = keptStatement(db, below(db), 'test_below')
    // The same statement in a transaction runs as it is (unnamed).
    const plain = (value: number) => db.transaction((tx) => below(tx).prepare('').execute({ below: value }))
    for (const value of [41, 30, 2, 1])
      expect(await kept.execute({ below: value })).toEqual(await plain(value))
    expect((await kept.execute({ below: 5 }))[0]).toEqual({
      id: 4,
      at: new Date('2026-01-01T04:00:00Z'),
      body: 'note 4',
    })
    expect(await executions('lifeline_test_below')).toBe(5)
  })

  it('are kept through a handle made from the app one with Object.create (as the read cache wraps it)', async () => {
    const kept = keptStatement(Object.create(db) as Db, below(db), 'test_wrapped')
    expect(await kept.execute({ below: 10 })).toHaveLength(3)
    expect(await executions('lifeline_test_wrapped')).toBe(1)
  })

  it('bind a value that is not an integer as usual', async () => {
    const kept = keptStatement(db, below(db), 'test_text')
    expect(await kept.execute({ below: '7' })).toHaveLength(3)
    expect(await executions('lifeline_test_text')).toBe(0)
  })

  it('run inside a transaction as they are', async () => {
    const rows = await db.transaction(async (tx) =>
      keptStatement(tx, below(tx), 'test_tx').execute({ below: 3 }),
    )
    expect(rows.map((row) => row.id)).toEqual([2, 1])
    expect(await executions('lifeline_test_tx')).toBe(0)
  })
})
