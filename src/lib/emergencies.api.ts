// Emergency calls (server/modules/emergencies/README.md).
import type { Page } from '../../api-contract/common'
import type {
  BoostResponse,
  Emergency,
  FlaggedEmergency,
  ReviewRequest,
} from '../../api-contract/emergencies'
import { type ApiClient, ApiError, pageOf } from './api-client'

export type { Emergency, FlaggedEmergency, BoostResponse }
export type ReviewAction = ReviewRequest['action']

export const listEmergencies = (api: ApiClient, page = 1, search?: string, signal?: AbortSignal) =>
  api.get<Page<Emergency>>('emergency/list/', { query: { page, search: search || undefined }, signal })

export const listFeatured = pageOf<Emergency>('emergency/featured/')

/** An id that is not a number names no emergency: the API's own 404, without asking it. */
const NO_SUCH_ID = new ApiError(404, 'Not found', 'not_found')

export const fetchEmergency = (api: ApiClient, id: string | number, signal?: AbortSignal) =>
  /^\d+$/.test(String(id))
    ? api.get<Emergency>(`emergency/detail/${id}/`, { signal })
    : Promise.reject(NO_SUCH_ID)

export const listMyEmergencies = pageOf<Emergency>('emergency/my-emergencies/')

export const createEmergency = (authApi: ApiClient, form: FormData) =>
  authApi.post<Emergency>('emergency/create/', form)

export const updateEmergency = (authApi: ApiClient, id: number, form: FormData) =>
  authApi.request<Emergency>('PATCH', `emergency/update/${id}/`, { body: form })

export const deleteEmergency = (authApi: ApiClient, id: number) =>
  authApi.request<{ message: string }>('DELETE', `emergency/delete/${id}/`)

export const boostEmergency = (authApi: ApiClient, emergencyId: number, txHash: string) =>
  authApi.post<BoostResponse>('emergency/boost/', { emergency_id: emergencyId, tx_hash: txHash })

export const flagEmergency = (api: ApiClient, id: number, reason: string) =>
  api.post<{ message: string }>(`emergency/${id}/flag/`, { reason })

export const listFlagged = pageOf<FlaggedEmergency>('emergency/admin/flagged/')

export const reviewFlagged = (authApi: ApiClient, id: number, action: ReviewAction, comment?: string) =>
  authApi.post<{ message: string }>(`emergency/admin/${id}/review/`, {
    action,
    comment: comment || undefined,
  })
