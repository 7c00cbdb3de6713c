// A per-user storage quota (ASVS V5.2.4): the bytes of every file a user stored, charged in the same database
// transaction as the rows that point at the files, so a refused charge stores nothing.
// Table: server/db/migrations/1100_user_storage.sql.
import { sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../db/client'
import { AppError } from '../lib/errors'

export const quotaExceeded = (quotaBytes: number) =>
  new AppError(
    'storage_quota_exceeded',
    `You have used your storage space (${Math.round(quotaBytes / 1024 / 1024)} MB). Delete some images to upload more.`,
    413,
  )

/** Bytes the user's stored files take. */
export async function storageUsed(db: Db, userId: number): Promise<number> {
  const rows = rowsOf(await db.execute(sql`select bytes from user_storage where user_id = ${userId}`))
  return Number((rows[0] as { bytes?: string | number } | undefined)?.bytes ?? 0)
}

/** Refuses early (before any image is decoded) when the user has no room left at all. */
export async function assertStorageRoom(db: Db, userId: number, quotaBytes: number): Promise<void> {
  if ((await storageUsed(db, userId)) >= quotaBytes) throw quotaExceeded(quotaBytes)
}

/**
 * Inside the transaction that stores the files' rows: adds `bytes` to the user's total, or throws 413
 * `storage_quota_exceeded` when that would pass the quota (one conditional statement: concurrent uploads of one
 * user cannot both slip under it).
 */
export async function chargeStorage(
  tx: Db,
  userId: number,
  bytes: number,
  quotaBytes: number,
): Promise<void> {
  if (bytes <= 0) return
  const rows = rowsOf(
    await tx.execute(sql`
      insert into user_storage (user_id, bytes)
        select ${userId}::bigint, ${bytes}::bigint where ${bytes}::bigint <= ${quotaBytes}::bigint
      on conflict (user_id) do update set bytes = user_storage.bytes + excluded.bytes
        where user_storage.bytes + excluded.bytes <= ${quotaBytes}::bigint
      returning bytes`),
  )
  if (rows.length === 0) throw quotaExceeded(quotaBytes)
}

/** Inside the transaction that deletes the files' rows: gives the bytes back. */
export async function releaseStorage(tx: Db, userId: number, bytes: number): Promise<void> {
  if (bytes <= 0) return
  await tx.execute(
    sql`update user_storage set bytes = greatest(0, bytes - ${bytes}::bigint) where user_id = ${userId}`,
  )
}
