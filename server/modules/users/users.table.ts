import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Mirrors server/db/migrations/0001_users.sql (the SQL files are the source of truth for the schema).
export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  walletAddress: text('wallet_address').notNull().unique(),
  email: text('email').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type UserRow = typeof users.$inferSelect
