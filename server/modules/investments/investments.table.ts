import { bigint, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/0300_airdrops.sql (the SQL files are the source of truth for the schema).
export const INTENT_STATUSES = ['pending', 'approved', 'rejected', 'merged'] as const

export const investmentIntents = pgTable('investment_intents', {
  id: identity(),
  campaignId: rowId('campaign_id'),
  investorId: rowId('investor_id'),
  proposedAmount: bigint('proposed_amount', { mode: 'bigint' }).notNull(),
  equityPercentage: numeric('equity_percentage', { precision: 5, scale: 2 }),
  message: text('message').notNull(),
  contactInfo: text('contact_info'),
  status: text('status', { enum: INTENT_STATUSES }).notNull().default('pending'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: stampedNow('created_at'),
})

export type IntentRow = typeof investmentIntents.$inferSelect
export type NewIntent = typeof investmentIntents.$inferInsert
