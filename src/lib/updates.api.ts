// Campaign updates (server/modules/updates/README.md).
import type { Page } from '../../api-contract/common'
import type { EmergencyUpdate, MAX_UPDATE_IMAGES, MAX_UPDATE_TEXT } from '../../api-contract/updates'
import type { ApiClient } from './api-client'

export type { EmergencyUpdate }

// The contract's limits (its values are not imported into the PWA; the types keep these equal to them).
export const UPDATE_TEXT_MAX: typeof MAX_UPDATE_TEXT = 5000
export const UPDATE_IMAGES_MAX: typeof MAX_UPDATE_IMAGES = 4

/** The owner's form on the emergency's page (features/emergencies/updates), which the dashboard links to. */
export const POST_UPDATE_ANCHOR = 'post-update'
export const postUpdatePath = (emergencyId: number) => `/donate/${emergencyId}#${POST_UPDATE_ANCHOR}`

/** A page of the emergency's updates, newest first (10 a page). */
export const listUpdates = (api: ApiClient, emergencyId: number | string, page = 1, signal?: AbortSignal) =>
  api.get<Page<EmergencyUpdate>>(`emergency/${emergencyId}/updates/`, { query: { page }, signal })

/** multipart: `text`, `images` repeated. */
export const postUpdate = (authApi: ApiClient, emergencyId: number, form: FormData) =>
  authApi.post<EmergencyUpdate>(`emergency/${emergencyId}/updates/`, form)

export const deleteUpdate = (authApi: ApiClient, emergencyId: number, updateId: number) =>
  authApi.request<void>('DELETE', `emergency/${emergencyId}/updates/${updateId}/`)
