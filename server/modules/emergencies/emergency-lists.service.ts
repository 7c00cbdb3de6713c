// The public lists (newest first, featured) and the owner's and admins' lists.
import type { CursorPage, ListQuery } from '../../../api-contract/common'
import type { Emergency, EmergencyListQuery } from '../../../api-contract/emergencies'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { type Counted, type ListSpec, listAnswer, type ListWindow, listWindow } from '../../lib/list-window'
import type { SortKey } from '../../lib/cursor'
import { positionedSlice } from '../../lib/window-slice'
import type { PageRequest } from '../../lib/pagination'
import { type EmergencyWithOwner, imagesOf, listByOwner, listFlagged } from './emergencies.repository'
import type { EmergencyImageRow } from './emergencies.table'
import { presentEmergency, presentFlagged } from './emergencies.present'
import {
  countFeatured,
  countTitleMatches,
  featuredEmergencies,
  type FeaturedSlice,
  publicEmergencies,
} from './public-lists.repository'

export const LIST_PAGE = 10
export const FEATURED_PAGE = 12
export const MY_PAGE = 8

export const EMERGENCY_LIST: ListSpec<readonly [number]> = {
  list: 'emergencies',
  keyLength: 1,
  defaultSize: LIST_PAGE,
}
export const FEATURED_LIST: ListSpec<readonly [number, number]> = {
  list: 'featured',
  keyLength: 2,
  defaultSize: FEATURED_PAGE,
}

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
  /** Presents rows with their images (one query for the whole page). */
  async function presented<T>(rows: EmergencyWithOwner[], present: Present<T>) {
    const images = await imagesOf(
      db,
      rows.map((r) => r.id),
    )
    const now = clock()
    return new Map(rows.map((row) => [row, present(row, images, now, config.publicUrl)]))
  }

  /** A page for loadPage: the rows presented, and the size of the whole list. */
  async function presentedPage<T>(found: { rows: EmergencyWithOwner[]; total: number }, present: Present<T>) {
    const shown = await presented(found.rows, present)
    return { total: found.total, results: [...shown.values()] }
  }

  /** A cursor list's answer: the window's rows presented with their images. */
  async function answer<R extends EmergencyWithOwner, K extends SortKey>(
    url: string,
    spec: ListSpec<K>,
    window: ListWindow<K>,
    counted: Counted,
    rows: R[],
    keyOf: (row: R) => K,
  ): Promise<CursorPage<Emergency>> {
    const shown = await presented(rows, presentEmergency)
    return listAnswer({
      publicUrl: config.publicUrl,
      requestUrl: url,
      spec,
      window,
      counted,
      rows,
      keyOf,
      present: (row) => shown.get(row)!,
    })
  }

  /** Newest first; a search counts its matches up to the cap, the whole list is counted by its positions. */
  async function list(url: string, query: EmergencyListQuery): Promise<CursorPage<Emergency>> {
    const window = listWindow(query, EMERGENCY_LIST)
    const search = query.search?.trim() || undefined
    const { counted, slice } = await positionedSlice(
      db,
      'emergencies',
      window,
      search ? () => countTitleMatches(db, search) : undefined,
    )
    const rows = slice ? await publicEmergencies(db, search, slice) : []
    return answer(url, EMERGENCY_LIST, window, counted, rows, (row) => [row.id] as const)
  }

  async function featured(url: string, query: ListQuery): Promise<CursorPage<Emergency>> {
    const window = listWindow(query, FEATURED_LIST)
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
    return answer(url, FEATURED_LIST, window, { count }, rows, (row) => [row.expiresMicros, row.id] as const)
  }

  return {
    list,
    featured,
    mine: async (at: PageRequest, ownerId: number) =>
      presentedPage(await listByOwner(db, ownerId, at), presentEmergency),
    flagged: async (at: PageRequest) => presentedPage(await listFlagged(db, at), presentFlagged),
  }
}
