import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { CURRENCIES } from '../../../api-contract/common'
import { identity, stampedNow } from '../../db/columns'

export const PAYMENT_KINDS = ['donation', 'tip', 'boost', 'listing_fee'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

// Mirrors server/db/migrations/0100_payments.sql (the SQL files are the source of truth for the schema).
export const payments = pgTable('payments', {
  id: identity(),
  txHash: text('tx_hash').notNull().unique(),
  kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
  payerWallet: text('payer_wallet').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  reference: text('reference'),
  recipientWallet: text('recipient_wallet').notNull(),
  /** what `lamports` and `tipLamports` count: lamports (SOL) or micro-USDC (migration 2000) */
  currency: text('currency', { enum: CURRENCIES }).notNull().default('SOL'),
  lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
  tipLamports: bigint('tip_lamports', { mode: 'bigint' }).notNull().default(0n),
  cluster: text('cluster').notNull(),
  slot: bigint('slot', { mode: 'number' }).notNull(),
  blockTime: timestamp('block_time', { withTimezone: true }),
  createdAt: stampedNow('created_at'),
})

export type PaymentRow = typeof payments.$inferSelect
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt'>
