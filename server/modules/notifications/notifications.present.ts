// Notifications as the API shows them (api-contract/notifications.ts): the text is made here, from the kind and
// what it is about, so a change of wording needs no change of the stored rows.
import type { Notification } from '../../../api-contract/notifications'
import type { NotificationWithTitle } from './notifications.repository'

function messageOf(row: NotificationWithTitle): string {
  const which = row.emergencyTitle
    ? `An emergency you donated to, “${row.emergencyTitle}”,`
    : 'An emergency you donated to'
  return `${which} was confirmed as a scam by our team and is no longer shown publicly.`
}

export function presentNotification(row: NotificationWithTitle): Notification {
  return {
    id: row.id,
    kind: row.kind,
    emergency_id: row.emergencyId,
    emergency_title: row.emergencyTitle,
    message: messageOf(row),
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }
}
