// Campaign updates and their images.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type OffsetSlice, offsetPage } from '../../db/offset-page'
import type { StagedFile } from '../../storage/staged-files'
import type { ShownImage } from '../emergencies/emergencies.repository'
import { type EmergencyUpdateRow, emergencyUpdateImages, emergencyUpdates } from './updates.table'

/** An update as a page shows it: with its images in order. */
export interface ShownUpdate extends EmergencyUpdateRow {
  images: ShownImage[]
}

export async function insertUpdate(
  tx: Db,
  update: { emergencyId: number; authorId: number; text: string },
): Promise<EmergencyUpdateRow> {
  const [row] = await tx.insert(emergencyUpdates).values(update).returning()
  return row!
}

export async function insertUpdateImages(
  tx: Db,
  updateId: number,
  files: StagedFile[],
): Promise<ShownImage[]> {
  if (files.length === 0) return []
  return tx
    .insert(emergencyUpdateImages)
    .values(files.map((file) => ({ ...file, updateId })))
    .returning({ id: emergencyUpdateImages.id, fileName: emergencyUpdateImages.fileName })
}

export async function findUpdate(
  db: Db,
  emergencyId: number,
  updateId: number,
): Promise<EmergencyUpdateRow | undefined> {
  const [row] = await db
    .select()
    .from(emergencyUpdates)
    .where(and(eq(emergencyUpdates.id, updateId), eq(emergencyUpdates.emergencyId, emergencyId)))
  return row
}

/** Deletes the update and its images' rows; returns the images' files, for the caller to release. */
export async function deleteUpdate(
  tx: Db,
  updateId: number,
): Promise<{ fileName: string; sizeBytes: number }[]> {
  const images = await tx
    .delete(emergencyUpdateImages)
    .where(eq(emergencyUpdateImages.updateId, updateId))
    .returning({ fileName: emergencyUpdateImages.fileName, sizeBytes: emergencyUpdateImages.sizeBytes })
  await tx.delete(emergencyUpdates).where(eq(emergencyUpdates.id, updateId))
  return images
}

// The outer row's id spelled out: in a query without joins Drizzle writes a column unqualified, which inside this
// subquery would name the image's own id.
const imagesColumn = sql<ShownImage[]>`coalesce((select json_agg(json_build_object('id', i.id,
  'fileName', i.file_name) order by i.id) from ${emergencyUpdateImages} i
  where i.update_id = emergency_updates.id), '[]')`

/** One page of the emergency's updates, newest first, each with its images, and how many it has. */
export async function updatesPage(
  db: Db,
  emergencyId: number,
  at: OffsetSlice,
): Promise<{ rows: ShownUpdate[]; total: number }> {
  const where = eq(emergencyUpdates.emergencyId, emergencyId)
  const rows = db
    .select({
      id: emergencyUpdates.id,
      emergencyId: emergencyUpdates.emergencyId,
      authorId: emergencyUpdates.authorId,
      text: emergencyUpdates.text,
      createdAt: emergencyUpdates.createdAt,
      images: imagesColumn,
    })
    .from(emergencyUpdates)
    .where(where)
    .orderBy(desc(emergencyUpdates.id))
  return offsetPage(db, rows, { table: emergencyUpdates, where }, at)
}
