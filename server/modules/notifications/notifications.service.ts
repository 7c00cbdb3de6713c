// What users are told in their dashboard. Notifications are added inside the transaction of what caused them (an
// admin confirming a scam: flags.service.ts, wired by server/app.ts), so a notification exists exactly when its
// cause does, and its push notice with it.
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { PageRequest } from '../../lib/pagination'
import { queueScamNotice } from '../push/push.service'
import { presentNotification } from './notifications.present'
import { countUnread, listNotifications, markRead, notifyDonorsOf } from './notifications.repository'

export const NOTIFICATIONS_PAGE = 20

/**
 * Tells every registered donor to the emergency that an admin confirmed it as a scam (once each), in the decision's
 * transaction: a notification in their dashboard, and a push to their browsers (the outbox sends it after the
 * commit). Returns the users told.
 */
export async function tellDonorsOfScam(tx: Db, emergency: { id: number; title: string }): Promise<number[]> {
  await queueScamNotice(tx, emergency)
  return notifyDonorsOf(tx, 'emergency_confirmed_scam', emergency.id)
}

export function notificationsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(userId: number, at: PageRequest) {
      const { rows, total } = await listNotifications(db, userId, at)
      return { total, results: rows.map(presentNotification) }
    },
    unread: async (userId: number) => ({ unread: await countUnread(db, userId) }),
    markRead: async (userId: number, ids: number[] | undefined) => ({
      marked: await markRead(db, userId, ids, clock()),
    }),
  }
}
