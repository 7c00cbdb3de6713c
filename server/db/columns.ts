// Columns the tables share, declared once. They mirror the SQL migrations (server/db/migrations/, the schema's
// source of truth): changing one here changes no table.
import { bigint, timestamp } from 'drizzle-orm/pg-core'

/** `id bigint generated always as identity primary key` */
export const identity = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity()

/** A required reference to another row's id (`owner_id bigint not null` …). */
export const rowId = (name: string) => bigint(name, { mode: 'number' }).notNull()

/** A required moment, now by default (`created_at timestamptz not null default now()` …). */
export const stampedNow = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow()
