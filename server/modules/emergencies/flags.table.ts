import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/2201_emergency_flags.sql: one row per flag, open until a review clears it.
export const emergencyFlags = pgTable('emergency_flags', {
  id: identity(),
  emergencyId: rowId('emergency_id'),
  /** the reporter's address, as a salted hash */
  reporter: text('reporter').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  reason: text('reason').notNull(),
  createdAt: stampedNow('created_at'),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
})

export type FlagRow = typeof emergencyFlags.$inferSelect
