import { bigint, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Mirrors server/db/migrations/0300_airdrops.sql (the SQL files are the source of truth for the schema).
export const INTENT_STATUSES = ['pending', 'approved', 'rejected', 'merged'] as const

export const investmentIntents = pgTable('investment_intents', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  investorId: bigint('investor_id', { mode: 'number' }).notNull(),
  proposedAmount: bigint('proposed_amount', { mode: 'bigint' }).notNull(),
  equityPercentage: numeric('equity_percentage', { precision: 5, scale: 2 }),
  message: text('message').notNull(),
  contactInfo: text('contact_info'),
  status: text('status', { enum: INTENT_STATUSES }).notNull().default('pending'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type IntentRow = typeof investmentIntents.$inferSelect
export type NewIntent = typeof investmentIntents.$inferInsert
