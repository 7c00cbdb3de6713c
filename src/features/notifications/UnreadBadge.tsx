// The unread count on the account chip and the phone's Account tab (nothing when all are read).
import styles from './Notifications.module.css'

export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null
  return (
    <span className={className ? `${styles.badge} ${className}` : styles.badge} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  )
}
