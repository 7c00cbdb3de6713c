// What users are told in their dashboard. Other modules add notifications inside the transaction of what caused
// them (an admin confirming a scam: flags.service.ts), so a notification exists exactly when its cause does.
// Delivery beyond the dashboard (push) hooks in where they are added: the users each call returns.
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { PageRequest } from '../../lib/pagination'
import { presentNotification } from './notifications.present'
import { countUnread, listNotifications, markRead, notifyDonorsOf } from './notifications.repository'

export const NOTIFICATIONS_PAGE = 20

/**
 * Tells every registered donor to the emergency that an admin confirmed it as a scam (once each). Runs in the
 * decision's transaction. Returns the users told.
 */
export const notifyScamConfirmed = (tx: Db, emergencyId: number): Promise<number[]> =>
  notifyDonorsOf(tx, 'emergency_confirmed_scam', emergencyId)

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
