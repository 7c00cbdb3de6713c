// The unread count beside the account chip's address (nothing when all are read).
import styles from './Notifications.module.css'

export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className={styles.badge} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  )
}
