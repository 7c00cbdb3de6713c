import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { BadgeKind } from '../../../api-contract/badges'

// Mirrors the badges table of server/db/migrations/0201_donations.sql.
export const badges = pgTable('badges', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: text('kind').$type<BadgeKind>().notNull(),
  title: text('title').notNull(),
  txHash: text('tx_hash'),
  emergencyId: bigint('emergency_id', { mode: 'number' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
})

export type BadgeRow = typeof badges.$inferSelect
