import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type OffsetSlice, offsetPage } from '../../db/offset-page'
import { keptStatement, preparedPer, UNNAMED } from '../../db/prepared'
import { users } from '../users/users.table'
import {
  emergencies,
  emergencyImages,
  type EmergencyImageRow,
  type EmergencyRow,
  type NewEmergency,
} from './emergencies.table'

export interface EmergencyWithOwner extends EmergencyRow {
  ownerWallet: string
}

/**
 * What the public may see: not deleted, not a confirmed scam. The status is a literal, not a parameter, so that a
 * named statement's generic plan still matches the partial indexes built on it (migration 0900).
 */
export const publiclyVisible = and(
  isNull(emergencies.deletedAt),
  sql`${emergencies.reviewStatus} <> 'confirmed_scam'`,
)

/** `%text%` for ILIKE with the user's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export const withOwner = { emergency: emergencies, ownerWallet: users.walletAddress }
export const toRow = (r: { emergency: EmergencyRow; ownerWallet: string }): EmergencyWithOwner => ({
  ...r.emergency,
  ownerWallet: r.ownerWallet,
})

/** What an emergency's public answer shows (emergencies.present.ts): some of its row, and its owner's wallet. */
export type ShownEmergency = Pick<
  EmergencyWithOwner,
  | 'id'
  | 'title'
  | 'description'
  | 'solGoal'
  | 'deadline'
  | 'receivingWallet'
  | 'videoUrl'
  | 'totalDonated'
  | 'usdcDonated'
  | 'donationCount'
  | 'boostExpiresAt'
  | 'isFlagged'
  | 'ownerId'
  | 'ownerWallet'
  | 'createdAt'
  | 'updatedAt'
>

/** The columns of a ShownEmergency, for the reads that only present their rows (the public lists). */
export const shownColumns = {
  id: emergencies.id,
  title: emergencies.title,
  description: emergencies.description,
  solGoal: emergencies.solGoal,
  deadline: emergencies.deadline,
  receivingWallet: emergencies.receivingWallet,
  videoUrl: emergencies.videoUrl,
  totalDonated: emergencies.totalDonated,
  usdcDonated: emergencies.usdcDonated,
  donationCount: emergencies.donationCount,
  boostExpiresAt: emergencies.boostExpiresAt,
  isFlagged: emergencies.isFlagged,
  ownerId: emergencies.ownerId,
  ownerWallet: users.walletAddress,
  createdAt: emergencies.createdAt,
  updatedAt: emergencies.updatedAt,
}

// One emergency and its images: every detail and donation-list read that misses the cache starts here.
const findById = preparedPer((db) =>
  db
    .select(withOwner)
    .from(emergencies)
    .innerJoin(users, eq(users.id, emergencies.ownerId))
    .where(eq(emergencies.id, sql.placeholder('id')))
    .limit(1)
    .prepare(UNNAMED),
)
const imagesOfOne = preparedPer((db) =>
  db
    .select()
    .from(emergencyImages)
    .where(eq(emergencyImages.emergencyId, sql.placeholder('id')))
    .orderBy(emergencyImages.id)
    .prepare(UNNAMED),
)

export async function findEmergency(db: Db, id: number): Promise<EmergencyWithOwner | undefined> {
  const rows = await findById(db).execute({ id })
  return rows[0] && toRow(rows[0])
}

/** What an answer shows of a proof image. */
export type ShownImage = Pick<EmergencyImageRow, 'id' | 'fileName'>

/** The emergency's images, in order, as one JSON column beside its row (an empty list when it has none): a read
 * that misses the cache needs no second statement for them. */
export const imagesColumn = sql<ShownImage[]>`coalesce((select json_agg(json_build_object('id', i.id,
  'fileName', i.file_name) order by i.id) from ${emergencyImages} i where i.emergency_id = ${emergencies.id}), '[]')`

/** An emergency with its images, as the detail reads it. */
export interface EmergencyWithImages extends EmergencyWithOwner {
  images: ShownImage[]
}

/** A public list's row: what its answer shows, with its images. */
export interface ListedEmergency extends ShownEmergency {
  images: ShownImage[]
}

/** One emergency with its images in one statement: a detail that misses the read cache was two. */
const findWithImagesById = preparedPer((db) =>
  keptStatement(
    db,
    db
      .select({ ...withOwner, images: imagesColumn })
      .from(emergencies)
      .innerJoin(users, eq(users.id, emergencies.ownerId))
      .where(eq(emergencies.id, sql.placeholder('id')))
      .limit(1),
    'emergency_detail',
  ),
)

export async function findEmergencyWithImages(db: Db, id: number): Promise<EmergencyWithImages | undefined> {
  const found = (await findWithImagesById(db).execute({ id }))[0]
  return found && { ...toRow(found), images: found.images }
}

/** Locks the row for the rest of the transaction (credits and edits of one emergency queue up). */
export async function lockEmergency(db: Db, id: number): Promise<EmergencyRow | undefined> {
  const rows = await db.select().from(emergencies).where(eq(emergencies.id, id)).for('update')
  return rows[0]
}

export async function insertEmergency(db: Db, values: NewEmergency): Promise<EmergencyRow> {
  const rows = await db.insert(emergencies).values(values).returning()
  return rows[0]!
}

export async function updateEmergency(db: Db, id: number, set: Partial<NewEmergency>): Promise<void> {
  await db.update(emergencies).set(set).where(eq(emergencies.id, id))
}

export async function insertImages(
  db: Db,
  emergencyId: number,
  images: { fileName: string; contentType: string; sizeBytes: number }[],
): Promise<void> {
  if (images.length === 0) return
  await db.insert(emergencyImages).values(images.map((i) => ({ ...i, emergencyId })))
}

/** Deletes those of `ids` that belong to the emergency; returns the deleted rows (their files go next). */
export async function deleteImages(db: Db, emergencyId: number, ids: number[]): Promise<EmergencyImageRow[]> {
  if (ids.length === 0) return []
  return db
    .delete(emergencyImages)
    .where(and(eq(emergencyImages.emergencyId, emergencyId), inArray(emergencyImages.id, ids)))
    .returning()
}

export async function countImages(db: Db, emergencyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emergencyImages)
    .where(eq(emergencyImages.emergencyId, emergencyId))
  return row?.n ?? 0
}

export async function imagesOf(db: Db, emergencyIds: number[]): Promise<EmergencyImageRow[]> {
  if (emergencyIds.length === 0) return []
  if (emergencyIds.length === 1) return imagesOfOne(db).execute({ id: emergencyIds[0] })
  return db
    .select()
    .from(emergencyImages)
    .where(inArray(emergencyImages.emergencyId, emergencyIds))
    .orderBy(emergencyImages.id)
}

async function page(db: Db, where: SQL | undefined, order: SQL[], at: OffsetSlice) {
  const query = db
    .select(withOwner)
    .from(emergencies)
    .innerJoin(users, eq(users.id, emergencies.ownerId))
    .where(where)
    .orderBy(...order)
  const { rows, total } = await offsetPage(db, query, { table: emergencies, where }, at)
  return { rows: rows.map(toRow), total }
}

const newestFirst = [desc(emergencies.createdAt), desc(emergencies.id)]

export function listByOwner(db: Db, ownerId: number, at: OffsetSlice) {
  return page(db, and(isNull(emergencies.deletedAt), eq(emergencies.ownerId, ownerId)), newestFirst, at)
}

export function listFlagged(db: Db, at: OffsetSlice) {
  return page(
    db,
    and(isNull(emergencies.deletedAt), eq(emergencies.reviewStatus, 'pending')),
    [desc(emergencies.flaggedAt), desc(emergencies.id)],
    at,
  )
}
