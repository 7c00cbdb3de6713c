import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { identity, rowId, stampedNow } from '../../db/columns'

// Mirrors server/db/migrations/2100_emergency_updates.sql.
export const emergencyUpdates = pgTable('emergency_updates', {
  id: identity(),
  emergencyId: rowId('emergency_id'),
  authorId: rowId('author_id'),
  text: text('text').notNull(),
  createdAt: stampedNow('created_at'),
})

export const emergencyUpdateImages = pgTable('emergency_update_images', {
  id: identity(),
  updateId: rowId('update_id'),
  fileName: text('file_name').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: stampedNow('created_at'),
})

export type EmergencyUpdateRow = typeof emergencyUpdates.$inferSelect
