// What a user is told in the app (GET /api/notifications/, docs/interfaces.md): e.g. that an emergency they
// donated to was confirmed as a scam.
import type { MarkedRead, Notification, UnreadNotifications } from '../../api-contract/notifications'
import { type ApiClient, pageOf } from './api-client'

export type { Notification }

export const listNotifications = pageOf<Notification>('notifications/')

export const fetchUnreadNotifications = (authApi: ApiClient, signal?: AbortSignal) =>
  authApi.get<UnreadNotifications>('notifications/unread/', { signal })

/** Marks these of mine read (all of mine without `ids`). */
export const markNotificationsRead = (authApi: ApiClient, ids?: number[]) =>
  authApi.post<MarkedRead>('notifications/read/', ids ? { ids } : {})
