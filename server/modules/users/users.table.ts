import { pgTable, text } from 'drizzle-orm/pg-core'
import { identity, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/0001_users.sql (the SQL files are the source of truth for the schema).
export const users = pgTable('users', {
  id: identity(),
  walletAddress: text('wallet_address').notNull().unique(),
  email: text('email').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  createdAt: stampedNow('created_at'),
})

export type UserRow = typeof users.$inferSelect
