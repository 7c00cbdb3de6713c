// Public emergency reads used by the home page (spec §7).
import type { ApiClient } from './api-client'

export interface EmergencySummary {
  id: number
  title: string
  description: string
  sol_goal: string
  receiving_wallet: string
  is_featured: boolean
  total_donated?: string
}

/** GET emergency/featured/: the spec allows a paginated answer or a bare array. */
export async function fetchFeatured(api: ApiClient, signal?: AbortSignal): Promise<EmergencySummary[]> {
  const body = await api.get<EmergencySummary[] | { results: EmergencySummary[] }>('emergency/featured/', {
    signal,
  })
  return Array.isArray(body) ? body : (body?.results ?? [])
}
