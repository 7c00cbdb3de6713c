// An unread count as a small red badge: a number, '9+' above 9, nothing when all are read. Hidden from screen
// readers: the element it sits on names the count in its label ('Account, 3 unread messages').
import styles from './UnreadBadge.module.css'

export const badgeNumber = (count: number) => (count > 9 ? '9+' : String(count))

export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span className={className ? `${styles.badge} ${className}` : styles.badge} aria-hidden="true">
      {badgeNumber(count)}
    </span>
  )
}
