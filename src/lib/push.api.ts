// Web push subscriptions and following an emergency (server/modules/push/README.md).
import type { FollowAnswer, PushSubscriptionAnswer, PushSubscriptionRequest } from '../../api-contract/push'
import type { ApiClient } from './api-client'

export const subscribePush = (authApi: ApiClient, subscription: PushSubscriptionRequest) =>
  authApi.post<PushSubscriptionAnswer>('push/subscriptions/', subscription)

/** Needs no session: the endpoint is the browser's own secret (a logout whose token expired still ends it). */
export const unsubscribePush = (api: ApiClient, endpoint: string) =>
  api.request<void>('DELETE', 'push/subscriptions/', { body: { endpoint } })

export const fetchFollowing = (authApi: ApiClient, emergencyId: number, signal?: AbortSignal) =>
  authApi.get<FollowAnswer>(`emergency/${emergencyId}/follow/`, { signal })

export const followEmergency = (authApi: ApiClient, emergencyId: number) =>
  authApi.post<FollowAnswer>(`emergency/${emergencyId}/follow/`)

export const unfollowEmergency = (authApi: ApiClient, emergencyId: number) =>
  authApi.request<FollowAnswer>('DELETE', `emergency/${emergencyId}/follow/`)
