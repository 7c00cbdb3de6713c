import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/0300_airdrops.sql (the SQL files are the source of truth for the schema).
export const campaigns = pgTable('campaigns', {
  id: identity(),
  ownerId: rowId('owner_id'),
  projectName: text('project_name').notNull(),
  description: text('description').notNull(),
  website: text('website'),
  twitterHandle: text('twitter_handle'),
  githubUrl: text('github_url'),
  solGoal: bigint('sol_goal', { mode: 'bigint' }).notNull(),
  receivingWallet: text('receiving_wallet').notNull(),
  imageName: text('image_name'),
  isListed: boolean('is_listed').notNull().default(false),
  hasInvestorInvolved: boolean('has_investor_involved').notNull().default(false),
  amountReleased: bigint('amount_released', { mode: 'bigint' }).notNull().default(0n),
  createdAt: stampedNow('created_at'),
})

/** Listing-fee claims; a verified or admin-approved one also has its row in `payments`. */
export const campaignPayments = pgTable('campaign_payments', {
  id: identity(),
  campaignId: rowId('campaign_id'),
  userId: rowId('user_id'),
  txHash: text('tx_hash').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  confirmed: boolean('confirmed').notNull().default(false),
  rejected: boolean('rejected').notNull().default(false),
  /** approved by an admin while the ledger could not be reached; verified on-chain later */
  unverified: boolean('unverified').notNull().default(false),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  submittedAt: stampedNow('submitted_at'),
})

export type CampaignRow = typeof campaigns.$inferSelect
export type NewCampaign = typeof campaigns.$inferInsert
export type CampaignPaymentRow = typeof campaignPayments.$inferSelect
