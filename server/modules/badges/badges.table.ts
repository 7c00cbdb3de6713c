import { bigint, pgTable, text } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'
import type { BadgeKind } from '../../../api-contract/badges'

// Mirrors the badges table of server/db/migrations/0201_donations.sql.
export const badges = pgTable('badges', {
  id: identity(),
  userId: rowId('user_id'),
  kind: text('kind').$type<BadgeKind>().notNull(),
  title: text('title').notNull(),
  txHash: text('tx_hash'),
  emergencyId: bigint('emergency_id', { mode: 'number' }),
  issuedAt: stampedNow('issued_at'),
})

export type BadgeRow = typeof badges.$inferSelect
