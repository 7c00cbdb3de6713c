// What the account chip and the Account tab count: unread notifications and unread chat messages, one badge for
// both, each named in the label ('Account, 1 unread notification, 2 unread messages').
import { useAtomValue } from 'jotai'
import { unreadNotificationsAtom, unreadText } from '../../../features/notifications/unread'
import { unreadMessagesText, useChatUnread } from '../../../state/chat-unread'

export function useAccountUnread(): { count: number; text: string } {
  const notifications = useAtomValue(unreadNotificationsAtom)
  const messages = useChatUnread().count
  const parts = [notifications > 0 && unreadText(notifications), messages > 0 && unreadMessagesText(messages)]
  return { count: notifications + messages, text: parts.filter(Boolean).join(', ') }
}
