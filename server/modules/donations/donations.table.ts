import { bigint, pgTable, text } from 'drizzle-orm/pg-core'
import { CURRENCIES } from '../../../api-contract/common'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors the donations table of server/db/migrations/0201_donations.sql.
export const donations = pgTable('donations', {
  id: identity(),
  paymentId: rowId('payment_id'),
  txHash: text('tx_hash').notNull().unique(),
  emergencyId: rowId('emergency_id'),
  donorId: bigint('donor_id', { mode: 'number' }),
  donorWallet: text('donor_wallet').notNull(),
  /** what `amount` and `tipAmount` count: lamports (SOL) or micro-USDC (migration 2000) */
  currency: text('currency', { enum: CURRENCIES }).notNull().default('SOL'),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  tipAmount: bigint('tip_amount', { mode: 'bigint' }).notNull().default(0n),
  comment: text('comment'),
  createdAt: stampedNow('created_at'),
})

export type DonationRow = typeof donations.$inferSelect
export type NewDonation = Omit<typeof donations.$inferInsert, 'id'>
