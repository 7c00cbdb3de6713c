// The one way a list handler pages: the window the query asks for, loaded by the module, answered here.
//   loadPage(publicUrl, request, pageSize, load)  a `?page=` list (server/lib/list-route.ts): load(at) reads one
//                                                 page of presented items and the list's size (pageOf answers);
//   loadPage(publicUrl, request, list, load)      a long public list that also pages by `?cursor=`: load(window)
//                                                 reads the window's rows and how many the list holds, and
//                                                 `list.present` makes them the answer's items (listAnswer).
import type { CursorPage, ListQuery, Page, PageQuery } from '../../api-contract/common'
import type { SortKey } from './cursor'
import { type Counted, listAnswer, type ListSpec, type ListWindow, listWindow } from './list-window'
import { pageOf, type PageRequest, pageRequest } from './pagination'

/** A list that pages by cursor too: its spec, each row's key, and how its rows become the answer's items. */
export interface CursorList<R, T, K extends SortKey> extends ListSpec<K> {
  keyOf: (row: R) => K
  /** the rows read for a window, presented together (e.g. one query for all their images) */
  present: (rows: R[]) => T[] | Promise<T[]>
}

/** The rows a cursor list read for a window (see AnswerArgs.rows), and how long the list is. */
export interface WindowRows<R> {
  counted: Counted
  rows: R[]
}

export function loadPage<T>(
  publicUrl: string,
  request: { url: string; query: PageQuery },
  pageSize: number,
  load: (at: PageRequest) => Promise<{ total: number; results: T[] }>,
): Promise<Page<T>>
export function loadPage<R, T, K extends SortKey>(
  publicUrl: string,
  request: { url: string; query: ListQuery },
  list: CursorList<R, T, K>,
  load: (window: ListWindow<K>) => Promise<WindowRows<R>>,
): Promise<CursorPage<T>>
export async function loadPage<R, T, K extends SortKey>(
  publicUrl: string,
  request: { url: string; query: ListQuery },
  list: number | CursorList<R, T, K>,
  load:
    | ((at: PageRequest) => Promise<{ total: number; results: T[] }>)
    | ((window: ListWindow<K>) => Promise<WindowRows<R>>),
): Promise<Page<T> | CursorPage<T>> {
  if (typeof list === 'number') {
    const at = pageRequest(request.query, list)
    const { total, results } = await (load as (at: PageRequest) => Promise<{ total: number; results: T[] }>)(
      at,
    )
    return pageOf(publicUrl, request.url, at, total, results)
  }
  const window = listWindow(request.query, list)
  const { counted, rows } = await (load as (window: ListWindow<K>) => Promise<WindowRows<R>>)(window)
  const items = await list.present(rows)
  const shown = new Map(rows.map((row, index) => [row, items[index]!]))
  return listAnswer({
    publicUrl,
    requestUrl: request.url,
    spec: list,
    window,
    counted,
    rows,
    keyOf: list.keyOf,
    present: (row) => shown.get(row)!,
  })
}
