// The public lists (newest first, featured) and the owner's and admins' lists.
import type { CursorPage, ListQuery } from '../../../api-contract/common'
import type { Emergency, EmergencyListQuery } from '../../../api-contract/emergencies'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { ListSpec } from '../../lib/list-window'
import { type CursorList, loadPage } from '../../lib/load-page'
import { positionedRows } from '../../lib/window-slice'
import type { PageRequest } from '../../lib/pagination'
import {
  type EmergencyWithOwner,
  imagesOf,
  type ListedEmergency,
  listByOwner,
  listFlagged,
  type ShownImage,
} from './emergencies.repository'
import { presentEmergency, presentFlagged } from './emergencies.present'
import { latestFlagsOf } from './flags.repository'
import { FLAGS_SHOWN } from './flags.service'
import {
  countFeatured,
  countTitleMatches,
  featuredEmergencies,
  type FeaturedRow,
  type FeaturedSlice,
  publicEmergencies,
  publicPage,
} from './public-lists.repository'

export const LIST_PAGE = 10
export const FEATURED_PAGE = 12
export const MY_PAGE = 8

export const EMERGENCY_LIST: ListSpec<readonly [number]> = {
  list: 'emergencies',
  keyLength: 1,
  defaultSize: LIST_PAGE,
}
type FeaturedKey = readonly [number, number]
export const FEATURED_LIST: ListSpec<FeaturedKey> = {
  list: 'featured',
  keyLength: 2,
  defaultSize: FEATURED_PAGE,
}

type Present<T> = (row: EmergencyWithOwner, images: ShownImage[], now: Date, publicUrl: string) => T

export function emergencyListsService({
  config,
  db,
  clock,
}: {
  config: Pick<Config, 'publicUrl'>
  db: Db
  clock: Clock
}) {
  /** Presents rows with their images (one query for the whole page). */
  async function presented<T>(rows: EmergencyWithOwner[], present: Present<T>) {
    const images = await imagesOf(
      db,
      rows.map((r) => r.id),
    )
    const now = clock()
    return rows.map((row) =>
      present(
        row,
        images.filter((image) => image.emergencyId === row.id),
        now,
        config.publicUrl,
      ),
    )
  }

  /** A page for loadPage: the rows presented, and the size of the whole list. */
  async function presentedPage<T>(found: { rows: EmergencyWithOwner[]; total: number }, present: Present<T>) {
    return { total: found.total, results: await presented(found.rows, present) }
  }

  /** Public lists read each row with its images. */
  const withImages = (rows: ListedEmergency[]) => {
    const now = clock()
    return rows.map((row) => presentEmergency(row, row.images, now, config.publicUrl))
  }
  const publicList: CursorList<ListedEmergency, Emergency, readonly [number]> = {
    ...EMERGENCY_LIST,
    keyOf: (row) => [row.id] as const,
    present: withImages,
  }
  const featuredList: CursorList<FeaturedRow, Emergency, FeaturedKey> = {
    ...FEATURED_LIST,
    keyOf: (row) => [row.expiresMicros, row.id] as const,
    present: withImages,
  }

  /** Newest first; a search counts its matches up to the cap, the whole list is counted by its positions (a
   * page: in one statement). */
  const list = (url: string, query: EmergencyListQuery): Promise<CursorPage<Emergency>> =>
    loadPage(config.publicUrl, { url, query }, publicList, (window) => {
      const search = query.search?.trim() || undefined
      if (!search && window.mode === 'page') return publicPage(db, window.offset, window.size)
      return positionedRows(db, 'emergencies', window, search, countTitleMatches, publicEmergencies)
    })

  const featured = (url: string, query: ListQuery): Promise<CursorPage<Emergency>> =>
    loadPage(config.publicUrl, { url, query }, featuredList, async (window) => {
      const now = clock()
      const slice: FeaturedSlice =
        window.mode === 'page'
          ? { from: 'top', skip: window.offset, limit: window.size }
          : {
              from: window.direction === 'next' ? 'after' : 'before',
              expiresMicros: window.key[0],
              id: window.key[1],
              limit: window.size + 1,
            }
      const [rows, count] = await Promise.all([featuredEmergencies(db, now, slice), countFeatured(db, now)])
      return { counted: { count }, rows }
    })

  return {
    list,
    featured,
    mine: async (at: PageRequest, ownerId: number) =>
      presentedPage(await listByOwner(db, ownerId, at), presentEmergency),

    /** The review queue: each emergency with its latest open flags (one query for the page's flags). */
    async flagged(at: PageRequest) {
      const found = await listFlagged(db, at)
      const flags = await latestFlagsOf(
        db,
        found.rows.map((row) => row.id),
        FLAGS_SHOWN,
      )
      return presentedPage(found, (row, images, now, publicUrl) =>
        presentFlagged(
          row,
          images,
          flags.filter((flag) => flag.emergencyId === row.id),
          now,
          publicUrl,
        ),
      )
    },
  }
}
