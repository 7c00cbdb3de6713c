// Donations, tips and badges (server/modules/emergencies/README.md).
import type { CursorPage, Page } from '../../api-contract/common'
import type { Badge } from '../../api-contract/badges'
import type {
  DonateRequest,
  Donation,
  DonationStats,
  LatestTips,
  CampaignerTotals,
  TipsTotal,
} from '../../api-contract/donations'
import { type ApiClient, pageOf } from './api-client'

export type { Badge, CampaignerTotals, Donation, DonationStats, LatestTips }

export const donate = (authApi: ApiClient, body: DonateRequest) =>
  authApi.post<Donation>('emergency/donate/', body)

export const listEmergencyDonations = (api: ApiClient, id: number | string, signal?: AbortSignal) =>
  api.get<Page<Donation>>(`emergency/${id}/donations/`, { query: { page: 1 }, signal })

/** Where a feed page starts: a page number, or an earlier answer's `next_cursor` (no row skipped or repeated while
 * donations arrive). */
export type FeedFrom = { page: number } | { cursor: string }

export const listPublicDonations = (api: ApiClient, from: FeedFrom, search?: string, signal?: AbortSignal) =>
  api.get<CursorPage<Donation>>('emergency/public-donations/', {
    query: { ...from, search: search || undefined },
    signal,
  })

export const listMyDonations = pageOf<Donation>('emergency/my-donations/')

export const fetchDonationStats = (authApi: ApiClient, signal?: AbortSignal) =>
  authApi.get<DonationStats>('emergency/user-donations/', { signal })

export const fetchCampaignerTotals = (authApi: ApiClient, signal?: AbortSignal) =>
  authApi.get<CampaignerTotals>('emergency/my-totals/', { signal })

export const fetchLatestTips = (authApi: ApiClient, signal?: AbortSignal) =>
  authApi.get<LatestTips>('emergency/my-latest-tips/', { signal })

export const fetchTipsTotal = (authApi: ApiClient, signal?: AbortSignal) =>
  authApi.get<TipsTotal>('emergency/tips/', { signal })

export const listMyBadges = pageOf<Badge>('badges/mybadges/')
