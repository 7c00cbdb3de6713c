// Which rows of a list ordered newest first by id a page or cursor window reads, and how long the list is: the
// one rule the explore list and the donation lists share. An unsearched page of a positioned list is found by its
// position blocks (no scan of the skipped rows); a search is counted by its own query, up to a cap; a cursor reads
// size + 1 rows away from its key (the extra row says whether there is more).
import type { Db } from '../db/client'
import type { IdSlice } from '../db/id-slice'
import { listSize, locate, type PublicList } from '../db/list-positions'
import type { Counted, ListWindow } from './list-window'
import type { WindowRows } from './load-page'

export type IdWindow = ListWindow<readonly [number]>

export interface WindowSlice {
  counted: Counted
  /** undefined when the window lies past the end of the list */
  slice?: IdSlice
}

/**
 * The slice a window reads: a cursor, size + 1 rows away from its key; a page, its rows after the skipped ones.
 * For a list whose count comes with its rows (read in the same statement).
 */
export function windowSlice(window: IdWindow): IdSlice {
  if (window.mode === 'page') return { direction: 'down', skip: window.offset, limit: window.size }
  return window.direction === 'next'
    ? { direction: 'down', below: window.key[0], skip: 0, limit: window.size + 1 }
    : { direction: 'up', above: window.key[0], limit: window.size + 1 }
}

/** The slice a window reads once the list is counted: none for a page past its end. */
export function countedSlice(window: IdWindow, counted: Counted): IdSlice | undefined {
  if (window.mode === 'page' && window.offset >= counted.count && !counted.capped) return undefined
  return windowSlice(window)
}

/** A positioned public list's window: `countMatches` counts a search (absent: the whole list is read). */
async function positionedSlice(
  db: Db,
  list: PublicList,
  window: IdWindow,
  countMatches?: () => Promise<Counted>,
): Promise<WindowSlice> {
  if (!countMatches && window.mode === 'page') {
    const located = await locate(db, list, window.offset, window.size)
    return { counted: { count: located.total }, slice: located.slice }
  }
  const counted = countMatches ? await countMatches() : { count: await listSize(db, list) }
  return { counted, slice: countedSlice(window, counted) }
}

/**
 * A positioned public list's rows for a window (what loadPage's `load` answers): `search` (absent: the whole
 * list) counted by `countMatches`, the window's rows read by `read`.
 */
export async function positionedRows<S, R>(
  db: Db,
  list: PublicList,
  window: IdWindow,
  search: S | undefined,
  countMatches: (db: Db, search: S) => Promise<Counted>,
  read: (db: Db, search: S | undefined, slice: IdSlice) => Promise<R[]>,
): Promise<WindowRows<R>> {
  const { counted, slice } = await positionedSlice(
    db,
    list,
    window,
    search === undefined ? undefined : () => countMatches(db, search),
  )
  return { counted, rows: slice ? await read(db, search, slice) : [] }
}
