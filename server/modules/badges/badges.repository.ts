import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type OffsetSlice, offsetPage } from '../../db/offset-page'
import { type BadgeRow, badges } from './badges.table'

/** Inserts the badge unless the user already holds that kind; returns it only when this call awarded it. */
export async function insertBadgeIfNew(
  db: Db,
  badge: Omit<BadgeRow, 'id' | 'issuedAt'> & { issuedAt?: Date },
): Promise<BadgeRow | undefined> {
  const rows = await db
    .insert(badges)
    .values(badge)
    .onConflictDoNothing({ target: [badges.userId, badges.kind] })
    .returning()
  return rows[0]
}

/** A user's badges, newest first. */
export function badgesOf(db: Db, userId: number, at: OffsetSlice) {
  const where = eq(badges.userId, userId)
  const query = db.select().from(badges).where(where).orderBy(desc(badges.issuedAt), desc(badges.id))
  return offsetPage(db, query, { table: badges, where }, at)
}
