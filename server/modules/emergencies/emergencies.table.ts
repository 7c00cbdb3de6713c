import { bigint, boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/0200_emergencies.sql (the SQL files are the source of truth for the schema).
export const REVIEW_STATUSES = ['none', 'pending', 'confirmed_scam'] as const

export const emergencies = pgTable('emergencies', {
  id: identity(),
  ownerId: rowId('owner_id'),
  title: text('title').notNull(),
  description: text('description').notNull(),
  solGoal: bigint('sol_goal', { mode: 'bigint' }).notNull(),
  deadline: date('deadline', { mode: 'string' }).notNull(),
  receivingWallet: text('receiving_wallet').notNull(),
  videoUrl: text('video_url'),
  totalDonated: bigint('total_donated', { mode: 'bigint' }).notNull().default(0n),
  /** micro-USDC raised, beside totalDonated (SOL): migration 2000 */
  usdcDonated: bigint('usdc_donated', { mode: 'bigint' }).notNull().default(0n),
  donationCount: integer('donation_count').notNull().default(0),
  boostExpiresAt: timestamp('boost_expires_at', { withTimezone: true }),
  /** the public 'Under Review' (triaged, or flagged by FLAGS_FOR_REVIEW reporters), or a confirmed scam */
  isFlagged: boolean('is_flagged').notNull().default(false),
  /** the latest open flag's reason, reporter (salted hash) and time; the flags themselves: flags.table.ts */
  flaggedReason: text('flagged_reason'),
  flaggedBy: text('flagged_by'),
  flaggedAt: timestamp('flagged_at', { withTimezone: true }),
  flagCount: integer('flag_count').notNull().default(0),
  triagedAt: timestamp('triaged_at', { withTimezone: true }),
  reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('none'),
  reviewComment: text('review_comment'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: stampedNow('created_at'),
  updatedAt: stampedNow('updated_at'),
})

export const emergencyImages = pgTable('emergency_images', {
  id: identity(),
  emergencyId: rowId('emergency_id'),
  fileName: text('file_name').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: stampedNow('created_at'),
})

export type EmergencyRow = typeof emergencies.$inferSelect
export type NewEmergency = typeof emergencies.$inferInsert
export type EmergencyImageRow = typeof emergencyImages.$inferSelect
