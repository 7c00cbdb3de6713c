import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Mirrors the donations table of server/db/migrations/0201_donations.sql.
export const donations = pgTable('donations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
  txHash: text('tx_hash').notNull().unique(),
  emergencyId: bigint('emergency_id', { mode: 'number' }).notNull(),
  donorId: bigint('donor_id', { mode: 'number' }),
  donorWallet: text('donor_wallet').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  tipAmount: bigint('tip_amount', { mode: 'bigint' }).notNull().default(0n),
  comment: text('comment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type DonationRow = typeof donations.$inferSelect
export type NewDonation = Omit<typeof donations.$inferInsert, 'id'>
