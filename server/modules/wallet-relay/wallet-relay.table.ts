import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { RelayedAnswer } from '../../../api-contract/wallet-relay'

// Mirrors server/db/migrations/0700_wallet_relay.sql.
export const walletRelay = pgTable('wallet_relay', {
  requestId: text('request_id').primaryKey(),
  answer: jsonb('answer').$type<RelayedAnswer>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
})
