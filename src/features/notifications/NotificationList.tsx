// What the app told the user (e.g. 'an emergency you donated to was confirmed as a scam'), newest first. Seen
// means read: the unread ones shown are marked read once on screen, and keep their 'New' mark while it stays.
import { useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { RelativeTime } from '../../components/RelativeTime'
import { SkeletonList } from '../../components/Skeleton'
import { listNotifications, markNotificationsRead } from '../../lib/notifications.api'
import { usePage } from '../../lib/use-load'
import { authApi } from '../../state/api'
import { unreadNotificationsAtom } from './unread'
import styles from './Notifications.module.css'

export const NOTIFICATIONS_TEXT = {
  heading: 'Notifications',
  empty: 'No notifications yet.',
  failed: 'Failed to load notifications.',
  new: 'New',
}

export function NotificationList({ limit }: { limit: number }) {
  const list = usePage((signal) => listNotifications(authApi, 1, signal), 'notifications')
  const setUnread = useSetAtom(unreadNotificationsAtom)
  const [fresh, setFresh] = useState<number[]>([])
  const shown = list.items?.slice(0, limit) ?? null

  const unreadIds = shown?.filter((item) => item.read_at === null).map((item) => item.id) ?? []
  const unreadKey = unreadIds.join(',')
  useEffect(() => {
    if (!unreadKey) return
    const ids = unreadKey.split(',').map(Number)
    setFresh((held) => [...new Set([...held, ...ids])])
    markNotificationsRead(authApi, ids).then(
      ({ marked }) => setUnread((count) => Math.max(0, count - marked)),
      (error: unknown) => console.warn('marking notifications read failed', error),
    )
  }, [unreadKey, setUnread])

  if (list.failed) return <p role="alert">{NOTIFICATIONS_TEXT.failed}</p>
  if (shown === null) return <SkeletonList count={2} height={48} label="Loading notifications" />
  if (shown.length === 0) return <p className={styles.empty}>{NOTIFICATIONS_TEXT.empty}</p>
  return (
    <ul className={styles.list}>
      {shown.map((item) => (
        <li key={item.id} className={styles.item}>
          {(item.read_at === null || fresh.includes(item.id)) && (
            <span className={styles.new}>{NOTIFICATIONS_TEXT.new}</span>
          )}
          <p className={styles.message}>{item.message}</p>
          <RelativeTime iso={item.created_at} className={styles.time} />
        </li>
      ))}
    </ul>
  )
}
