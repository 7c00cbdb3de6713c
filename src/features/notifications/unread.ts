// The signed-in user's unread notifications, counted once for every part of the shell that shows it (the
// account chip's badge, the sheet's heading). Read again every 2 minutes while the tab shows, and at once when
// the list marks them read.
import { atom, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { fetchUnreadNotifications } from '../../lib/notifications.api'
import { authApi } from '../../state/api'
import { useSignedInLoad } from '../../state/use-signed-in-load'

const REFRESH_MS = 120_000

export const unreadNotificationsAtom = atom(0)

/** Keeps the count of the signed-in user (mounted once, by the account chip). */
export function useUnreadNotificationsLoader(): void {
  const setUnread = useSetAtom(unreadNotificationsAtom)
  const { data } = useSignedInLoad(
    (signal) => fetchUnreadNotifications(authApi, signal),
    'notifications-unread',
    REFRESH_MS,
  )
  const count = data?.unread ?? 0
  useEffect(() => setUnread(count), [count, setUnread])
}

export const unreadText = (count: number) =>
  count === 1 ? '1 unread notification' : `${count} unread notifications`
