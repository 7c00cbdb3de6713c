import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type { PushPayload } from '../../../api-contract/push'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/2101_push.sql and 2203_push_to_donors.sql.
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: identity(),
  userId: rowId('user_id'),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: stampedNow('created_at'),
})

export const emergencyFollows = pgTable(
  'emergency_follows',
  {
    emergencyId: rowId('emergency_id'),
    userId: rowId('user_id'),
    createdAt: stampedNow('created_at'),
  },
  (t) => [primaryKey({ columns: [t.emergencyId, t.userId] })],
)

export const pushMessages = pgTable('push_messages', {
  id: identity(),
  emergencyId: rowId('emergency_id'),
  toOwner: boolean('to_owner').notNull(),
  toFollowers: boolean('to_followers').notNull(),
  /** the emergency's registered donors (migration 2203) */
  toDonors: boolean('to_donors').notNull().default(false),
  updateId: bigint('update_id', { mode: 'number' }),
  payload: jsonb('payload').$type<PushPayload>().notNull(),
  fannedOut: boolean('fanned_out').notNull().default(false),
  createdAt: stampedNow('created_at'),
})

export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    subscriptionId: rowId('subscription_id'),
    messageId: rowId('message_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.messageId] })],
)

export type NewPushMessage = typeof pushMessages.$inferInsert
