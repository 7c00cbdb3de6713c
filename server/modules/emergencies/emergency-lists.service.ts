// The public lists (newest first, featured) and the owner's and admins' lists.
import type { Page } from '../../../api-contract/common'
import type { Emergency, FlaggedEmergency } from '../../../api-contract/emergencies'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { type PageRequest, pageOf } from '../../lib/pagination'
import {
  type EmergencyWithOwner,
  imagesOf,
  listByOwner,
  listFeatured,
  listFlagged,
  listPublic,
} from './emergencies.repository'
import type { EmergencyImageRow } from './emergencies.table'
import { presentEmergency, presentFlagged } from './emergencies.present'

export const LIST_PAGE = 10
export const FEATURED_PAGE = 12
export const MY_PAGE = 8

type Present<T> = (row: EmergencyWithOwner, images: EmergencyImageRow[], now: Date, publicUrl: string) => T

export function emergencyListsService({
  config,
  db,
  clock,
}: {
  config: Pick<Config, 'publicUrl'>
  db: Db
  clock: Clock
}) {
  async function answer<T>(
    url: string,
    at: PageRequest,
    found: { rows: EmergencyWithOwner[]; count: number },
    present: Present<T>,
  ): Promise<Page<T>> {
    const images = await imagesOf(
      db,
      found.rows.map((r) => r.id),
    )
    const now = clock()
    const results = found.rows.map((row) => present(row, images, now, config.publicUrl))
    return pageOf(config.publicUrl, url, at, found.count, results)
  }

  return {
    list: async (url: string, at: PageRequest, search?: string): Promise<Page<Emergency>> =>
      answer(url, at, await listPublic(db, search?.trim() || undefined, at), presentEmergency),
    featured: async (url: string, at: PageRequest): Promise<Page<Emergency>> =>
      answer(url, at, await listFeatured(db, clock(), at), presentEmergency),
    mine: async (url: string, at: PageRequest, ownerId: number): Promise<Page<Emergency>> =>
      answer(url, at, await listByOwner(db, ownerId, at), presentEmergency),
    flagged: async (url: string, at: PageRequest): Promise<Page<FlaggedEmergency>> =>
      answer(url, at, await listFlagged(db, at), presentFlagged),
  }
}
