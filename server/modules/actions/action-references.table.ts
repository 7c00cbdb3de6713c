import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { CURRENCIES } from '../../../api-contract/common'
import { rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/0400_action_references.sql (the SQL files are the source of truth for the schema).
export const REFERENCE_STATUSES = ['open', 'credited', 'expired'] as const

export const actionReferences = pgTable('action_references', {
  reference: text('reference').primaryKey(),
  emergencyId: rowId('emergency_id'),
  payerWallet: text('payer_wallet').notNull(),
  recipientWallet: text('recipient_wallet').notNull(),
  /** what `lamports` and `tipLamports` count (migration 2000) */
  currency: text('currency', { enum: CURRENCIES }).notNull().default('SOL'),
  lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
  tipLamports: bigint('tip_lamports', { mode: 'bigint' }).notNull().default(0n),
  comment: text('comment'),
  checkout: text('checkout'),
  status: text('status', { enum: REFERENCE_STATUSES }).notNull().default('open'),
  txHash: text('tx_hash').unique(),
  createdAt: stampedNow('created_at'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  checks: integer('checks').notNull().default(0),
})

export const actionWatchCursor = pgTable('action_watch_cursor', {
  watchKey: text('watch_key').primaryKey(),
  lastSignature: text('last_signature').notNull(),
  updatedAt: stampedNow('updated_at'),
})

export type ActionReferenceRow = typeof actionReferences.$inferSelect
export type NewActionReference = typeof actionReferences.$inferInsert
