// The long public lists page two ways (api-contract/common.ts CursorPaginated): `?page=N` (positional, for the
// spec's paged screens) and `?cursor=` (keyset). This turns the query into a window and the rows read for it
// into the answer with its links.
import type { CursorPage, ListQuery } from '../../api-contract/common'
import { type Direction, decodeCursor, encodeCursor, type SortKey } from './cursor'
import { AppError } from './errors'
import { MAX_PAGE_SIZE } from './pagination'

export type ListWindow<K extends SortKey> =
  | { mode: 'page'; page: number; size: number; offset: number }
  | { mode: 'cursor'; direction: Direction; key: K; size: number }

export interface ListSpec<K extends SortKey> {
  /** cursor tag: a cursor of another list is refused */
  list: string
  keyLength: K['length']
  defaultSize: number
}

export function listWindow<K extends SortKey>(query: ListQuery, spec: ListSpec<K>): ListWindow<K> {
  const size = Math.min(query.page_size ?? spec.defaultSize, MAX_PAGE_SIZE)
  if (query.cursor !== undefined) {
    if (query.page !== undefined)
      throw new AppError('validation_error', 'Invalid request.', 400, 'Use either page or cursor, not both.')
    const cursor = decodeCursor<K>(query.cursor, spec.list, spec.keyLength)
    return { mode: 'cursor', direction: cursor.direction, key: cursor.key, size }
  }
  const page = query.page ?? 1
  return { mode: 'page', page, size, offset: (page - 1) * size }
}

export interface Counted {
  count: number
  /** counting stopped at a cap: there are more rows than `count` */
  capped?: boolean
}

export interface AnswerArgs<R, T, K extends SortKey> {
  publicUrl: string
  requestUrl: string
  spec: ListSpec<K>
  window: ListWindow<K>
  counted: Counted
  /**
   * The rows read for the window, in reading order: a page's rows newest first; a cursor window's up to
   * size + 1 rows away from the key (the extra row only says that more exist).
   */
  rows: R[]
  keyOf: (row: R) => K
  present: (row: R) => T
}

export function listAnswer<R, T, K extends SortKey>(args: AnswerArgs<R, T, K>): CursorPage<T> {
  const { window, counted, keyOf } = args
  let rows: R[]
  let hasNext: boolean
  let hasPrevious: boolean
  if (window.mode === 'page') {
    rows = args.rows
    // Past a capped count only cursors go on.
    hasNext =
      window.offset + rows.length < counted.count || (counted.capped === true && rows.length === window.size)
    hasPrevious = window.page > 1 && rows.length > 0
  } else if (window.direction === 'next') {
    rows = args.rows.slice(0, window.size)
    hasNext = args.rows.length > window.size
    hasPrevious = rows.length > 0
  } else {
    rows = args.rows.slice(0, window.size).reverse()
    hasPrevious = args.rows.length > window.size
    hasNext = rows.length > 0
  }
  const cursor = (direction: Direction, row: R | undefined) =>
    row === undefined ? null : encodeCursor({ list: args.spec.list, direction, key: keyOf(row) })
  const nextCursor = hasNext ? cursor('next', rows.at(-1)) : null
  const previousCursor = hasPrevious ? cursor('previous', rows[0]) : null

  // Links keep the request's other parameters (search, page_size) and replace the paging one.
  const link = (name: 'page' | 'cursor', value: string) => {
    const url = new URL(args.requestUrl, args.publicUrl)
    url.searchParams.delete(name === 'page' ? 'cursor' : 'page')
    url.searchParams.set(name, value)
    return new URL(`${url.pathname}${url.search}`, args.publicUrl).toString()
  }
  const pageLinks = window.mode === 'page'
  const pageHasNext = pageLinks && window.offset + rows.length < counted.count
  return {
    count: counted.count,
    count_capped: counted.capped === true,
    next: pageLinks
      ? pageHasNext
        ? link('page', String(window.page + 1))
        : null
      : nextCursor && link('cursor', nextCursor),
    previous: pageLinks
      ? window.page > 1
        ? link('page', String(window.page - 1))
        : null
      : previousCursor && link('cursor', previousCursor),
    next_cursor: nextCursor,
    previous_cursor: previousCursor,
    results: rows.map(args.present),
  }
}
