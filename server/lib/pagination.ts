// `?page=N&page_size=M` → LIMIT/OFFSET, and the `{count, next, previous, results}` answer.
import type { Page, PageQuery } from '../../api-contract/common'

export const MAX_PAGE_SIZE = 100

export interface PageRequest {
  page: number
  pageSize: number
  limit: number
  offset: number
}

export function pageRequest(query: PageQuery, defaultSize: number): PageRequest {
  const page = query.page ?? 1
  const pageSize = Math.min(query.page_size ?? defaultSize, MAX_PAGE_SIZE)
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize }
}

/**
 * Builds the page answer; `next`/`previous` are absolute URLs on PUBLIC_URL that keep the request's other
 * query parameters (e.g. `search`).
 */
export function pageOf<T>(
  publicUrl: string,
  requestUrl: string,
  at: PageRequest,
  count: number,
  results: T[],
): Page<T> {
  const link = (page: number) => {
    const url = new URL(requestUrl, publicUrl)
    url.searchParams.set('page', String(page))
    return new URL(`${url.pathname}${url.search}`, publicUrl).toString()
  }
  return {
    count,
    next: at.offset + results.length < count ? link(at.page + 1) : null,
    previous: at.page > 1 ? link(at.page - 1) : null,
    results,
  }
}
