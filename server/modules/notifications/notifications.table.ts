import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/2202_notifications.sql.
export const NOTIFICATION_KINDS = ['emergency_confirmed_scam'] as const

export const notifications = pgTable('notifications', {
  id: identity(),
  userId: rowId('user_id'),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  emergencyId: bigint('emergency_id', { mode: 'number' }),
  createdAt: stampedNow('created_at'),
  readAt: timestamp('read_at', { withTimezone: true }),
})

export type NotificationRow = typeof notifications.$inferSelect
