import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/0300_airdrops.sql (the SQL files are the source of truth for the schema).
export const ID_TYPES = ['passport', 'national_id', 'driver_license'] as const
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const

export const kycSubmissions = pgTable('kyc_submissions', {
  id: identity(),
  userId: rowId('user_id'),
  fullName: text('full_name').notNull(),
  country: text('country').notNull(),
  fullAddress: text('full_address').notNull(),
  idType: text('id_type', { enum: ID_TYPES }).notNull(),
  idImageName: text('id_image_name').notNull(),
  idImageType: text('id_image_type').notNull(),
  status: text('status', { enum: KYC_STATUSES }).notNull().default('pending'),
  rejectionReason: text('rejection_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  submittedAt: stampedNow('submitted_at'),
})

export type KycRow = typeof kycSubmissions.$inferSelect
export type NewKyc = typeof kycSubmissions.$inferInsert
