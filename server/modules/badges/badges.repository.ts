import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
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

export async function badgesOf(
  db: Db,
  userId: number,
  slice: { limit: number; offset: number },
): Promise<{ rows: BadgeRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(badges)
      .where(eq(badges.userId, userId))
      .orderBy(desc(badges.issuedAt), desc(badges.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(badges).where(eq(badges.userId, userId)),
  ])
  return { rows, count: total[0]?.n ?? 0 }
}
