import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Mirrors server/db/migrations/0300_airdrops.sql (the SQL files are the source of truth for the schema).
export const ID_TYPES = ['passport', 'national_id', 'driver_license'] as const
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const

export const kycSubmissions = pgTable('kyc_submissions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
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
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
})

export type KycRow = typeof kycSubmissions.$inferSelect
export type NewKyc = typeof kycSubmissions.$inferInsert
