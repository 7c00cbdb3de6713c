// A link to a chat room, with the room's unread messages in a badge after its text (named 'Open chat, 2 unread
// messages').
import { Link } from 'react-router-dom'
import { unreadIn, unreadMessagesText, useChatUnread } from '../state/chat-unread'
import { buttonClass } from './button'
import { UnreadBadge } from './UnreadBadge'
import styles from './UnreadBadge.module.css'

export function ChatLink({ session, label }: { session: string; label: string }) {
  const unread = unreadIn(useChatUnread(), session)
  return (
    <Link
      className={`${buttonClass('secondary')} ${styles.withBadge}`}
      to={`/chat/${session}`}
      aria-label={unread > 0 ? `${label}, ${unreadMessagesText(unread)}` : undefined}
    >
      {label}
      <UnreadBadge count={unread} />
    </Link>
  )
}
