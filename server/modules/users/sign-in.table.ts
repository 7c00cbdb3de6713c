import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.table'

// Mirrors server/db/migrations/0001_users.sql.
export const signInNonces = pgTable('sign_in_nonces', {
  nonce: text('nonce').primaryKey(),
  walletAddress: text('wallet_address').notNull(),
  message: text('message').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

export const refreshFamilies = pgTable('refresh_families', {
  id: uuid('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
})

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  familyId: uuid('family_id')
    .notNull()
    .references(() => refreshFamilies.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  /** the refresh token that replaced this one, encrypted with this one (sessions.service: grace window) */
  successorSealed: text('successor_sealed'),
})

export type NonceRow = typeof signInNonces.$inferSelect
