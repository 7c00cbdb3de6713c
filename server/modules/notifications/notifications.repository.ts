import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'
import { offsetPage, type OffsetSlice } from '../../db/offset-page'
import { donations } from '../donations/donations.table'
import { emergencies } from '../emergencies/emergencies.table'
import { notifications, type NotificationRow } from './notifications.table'

export interface NotificationWithTitle extends NotificationRow {
  emergencyTitle: string | null
}

/**
 * One notification of `kind` about the emergency to each registered donor to it, in one statement, once per donor
 * (a second decision adds none). Donors who gave from a wallet that is not an account cannot be told.
 * @returns the users newly notified
 */
export async function notifyDonorsOf(
  db: Db,
  kind: NotificationRow['kind'],
  emergencyId: number,
): Promise<number[]> {
  const inserted = await db.execute(sql`insert into ${notifications} (user_id, kind, emergency_id)
    select distinct ${donations.donorId}, ${kind}, ${emergencyId}::bigint from ${donations}
    where ${donations.emergencyId} = ${emergencyId} and ${donations.donorId} is not null
    on conflict do nothing returning user_id`)
  return (rowsOf(inserted) as { user_id: number | string }[]).map((row) => Number(row.user_id))
}

export async function listNotifications(db: Db, userId: number, at: OffsetSlice) {
  const where = eq(notifications.userId, userId)
  const rows = db
    .select({ notification: notifications, emergencyTitle: emergencies.title })
    .from(notifications)
    .leftJoin(emergencies, eq(emergencies.id, notifications.emergencyId))
    .where(where)
    .orderBy(desc(notifications.id))
  const page = await offsetPage(db, rows, { table: notifications, where }, at)
  const shown: NotificationWithTitle[] = page.rows.map((row) => ({
    ...row.notification,
    emergencyTitle: row.emergencyTitle,
  }))
  return { rows: shown, total: page.total }
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.n ?? 0
}

/** Marks the user's unread notifications among `ids` (all of them when undefined) read; how many it marked. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined, at: Date): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id })
  return marked.length
}
