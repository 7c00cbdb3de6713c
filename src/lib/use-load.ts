// The one way screens load server data. `useLoad` runs a request per key (aborted when the key changes or the
// screen goes away) and keeps its data, error and loading state; `reload` runs it again. A failed load is logged
// (a warning, never an error) and kept for the screen to show or toast; it is tried again when the browser comes
// back online. `usePage` is the same loader seen as one page of a list.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Page } from '../../api-contract/common'

export interface Loaded<T> {
  /** The last data loaded (kept while a reload runs); null before the first success. */
  data: T | null
  /** The last load's failure; null after a success. */
  error: unknown
  /** A load the screen waits for is running (not a background refresh). */
  loading: boolean
  reload: () => void
  /** Replaces the data after a change the screen made itself (e.g. an approved row). */
  setData: (data: T) => void
}

export interface LoadOptions {
  /** Loads again every this many milliseconds in the background, keeping the data shown meanwhile. */
  refreshMs?: number
}

export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  options: LoadOptions = {},
): Loaded<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [loading, setLoading] = useState(true)
  const [round, setRound] = useState(0)
  // `load` is a new closure each render; the latest one runs, `key` says when to run it again.
  const latest = useRef(load)
  latest.current = load

  useEffect(() => {
    const controller = new AbortController()
    const run = (background: boolean) => {
      if (!background) {
        setLoading(true)
        setError(null)
      }
      latest.current(controller.signal).then(
        (value) => {
          if (controller.signal.aborted) return
          setData(value)
          setError(null)
          setLoading(false)
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return
          console.warn(`load ${key} failed`, caught)
          setError(caught)
          setLoading(false)
        },
      )
    }
    run(false)
    const timer = options.refreshMs ? window.setInterval(() => run(true), options.refreshMs) : undefined
    return () => {
      controller.abort()
      window.clearInterval(timer)
    }
  }, [key, round, options.refreshMs])

  useEffect(() => {
    if (!error) return
    const retry = () => setRound((n) => n + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [error])

  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { data, error, loading, reload, setData }
}

export interface PageState<T> {
  /** The page's rows; null while loading, empty when the load failed. */
  items: T[] | null
  count: number
  hasNext: boolean
  /** The last load failed (the list is then empty): an offline screen tells "offline" from "empty". */
  failed: boolean
  reload: () => void
}

/** One page of a list through `useLoad`; a failure leaves the list empty (the screen decides whether to say so). */
export function usePage<T>(
  load: (signal: AbortSignal) => Promise<Page<T>>,
  key: string,
  options?: LoadOptions,
): PageState<T> {
  const loaded = useLoad(load, key, options)
  const failed = loaded.error !== null
  const items = failed ? [] : loaded.loading ? null : (loaded.data?.results ?? [])
  return {
    items,
    count: failed ? 0 : (loaded.data?.count ?? 0),
    hasNext: !failed && Boolean(loaded.data?.next),
    failed,
    reload: loaded.reload,
  }
}

/** Page number from `?page=` (1-based). */
export const pageParam = (search: URLSearchParams) => Math.max(1, Number(search.get('page')) || 1)

/** The current ?page= (1 when absent) and a setter that drops it again for page 1. */
export function usePageSearch(): [number, (next: number) => void] {
  const [search, setSearch] = useSearchParams()
  return [pageParam(search), (next) => setSearch(next > 1 ? { page: String(next) } : {})]
}
