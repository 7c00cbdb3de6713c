// The one way screens load server data. `useLoad` runs a request per key (aborted when the key changes or the
// screen goes away) and holds that key's data, error and loading state; `reload` runs it again. A failed load is
// logged (a warning, never an error) and kept for the screen to show or toast; it is tried again when the browser
// comes back online. The same loader polls (`refreshMs`), grows a list page by page (`extend` + `merge`) and waits
// until it is wanted (`enabled`). `usePage` is the loader seen as one page of a list.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Page } from '../../api-contract/common'
import { ApiError } from './api-client'
import type { Read } from './public-read'

/** Loads the data; `previous` is the data held when the load continues from it (a poll, the next page), else null. */
export type Load<T> = (signal: AbortSignal, previous: T | null) => Promise<T>

export interface Loaded<T> {
  /** The key's last data (kept while a reload runs); null before its first success. */
  data: T | null
  /** The last load's failure; null after a success. */
  error: unknown
  /** A load the screen waits for is running (not a background refresh). */
  loading: boolean
  reload: () => void
  /** Loads on from the data held (e.g. the next page of a list that grows), joined by `merge`. */
  extend: () => void
  /** Replaces the data after a change the screen made itself (e.g. an approved row, a sent message). */
  setData: (data: T | ((held: T | null) => T)) => void
}

export interface LoadOptions<T> {
  /**
   * Loads again every this many milliseconds in the background, keeping the data shown meanwhile. Not while the
   * tab is hidden (nobody sees it, and a phone pays for it in battery and data); at once when it shows again.
   */
  refreshMs?: number
  /** The refreshes stop once this holds for the data (e.g. a payment that has arrived). */
  until?: (data: T) => boolean
  /** Joins what a refresh or `extend` loaded to the data held (without it the new data replaces the old). */
  merge?: (held: T, loaded: T) => T
  /** False: nothing loads (yet, or any more) and the data held stays. */
  enabled?: boolean
  /**
   * The first key's data as the route's loader read it (lib/public-read): the first render already has it (the
   * server rendered the page with it) and its first load is skipped. A failed read is the first load's failure.
   */
  initial?: Read<T>
}

interface Held<T> {
  key: string
  data: T | null
  error: unknown
  loading: boolean
}

const empty = <T>(key: string): Held<T> => ({ key, data: null, error: null, loading: true })

function initialHeld<T>(key: string, read: Read<T> | undefined): Held<T> {
  if (!read) return empty(key)
  if (!read.failure) return { key, data: read.data, error: null, loading: false }
  const { status, message, code } = read.failure
  return { key, data: null, error: new ApiError(status, message, code), loading: false }
}

export function useLoad<T>(load: Load<T>, key: string, options: LoadOptions<T> = {}): Loaded<T> {
  const { refreshMs, enabled = true } = options
  const [held, setHeld] = useState<Held<T>>(() => initialHeld(key, options.initial))
  // The key whose first load the route's loader already made.
  const servedKey = useRef(held.loading ? null : key)
  // `extend` says whether the next run continues from the data held (and so does its retry when back online).
  const [round, setRound] = useState({ count: 0, extend: false })
  // What the screen sees is its key's state: another key's data never shows under this one.
  const current = held.key === key ? held : empty<T>(key)
  // `load` and the options are new each render: the latest ones run, `key` says when to load again.
  const latest = useRef({ ...options, load, data: current.data, key })
  latest.current = { ...options, load, data: current.data, key }

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    const keep = (state: Held<T>) => (state.key === key ? state.data : null)
    const run = (from: 'start' | 'held', background: boolean) => {
      const previous = from === 'held' ? latest.current.data : null
      if (!background) setHeld((state) => ({ key, data: keep(state), error: null, loading: true }))
      latest.current.load(controller.signal, previous).then(
        (value) => {
          if (controller.signal.aborted) return
          const { merge } = latest.current
          setHeld((state) => {
            const data = keep(state)
            const joined = previous !== null && data !== null && merge ? merge(data, value) : value
            return { key, data: joined, error: null, loading: false }
          })
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return
          console.warn(`load ${key} failed`, caught)
          setHeld((state) => ({ key, data: keep(state), error: caught, loading: false }))
        },
      )
    }
    if (servedKey.current === key && round.count === 0) servedKey.current = null
    else run(round.extend ? 'held' : 'start', false)
    if (!refreshMs) return () => controller.abort()
    const refresh = () => {
      const { data, until } = latest.current
      if (data !== null && until?.(data)) window.clearInterval(timer)
      else if (document.visibilityState !== 'hidden') run('held', true)
    }
    const timer = window.setInterval(refresh, refreshMs)
    document.addEventListener('visibilitychange', refresh)
    return () => {
      controller.abort()
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', refresh)
    }
  }, [key, round, refreshMs, enabled])

  const failed = enabled && current.error !== null
  useEffect(() => {
    if (!failed) return
    const retry = () => setRound((last) => ({ count: last.count + 1, extend: last.extend }))
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed])

  const reload = useCallback(() => setRound((last) => ({ count: last.count + 1, extend: false })), [])
  const extend = useCallback(() => setRound((last) => ({ count: last.count + 1, extend: true })), [])
  // A setter of a key the screen has left does nothing: a late answer for the unsearched feed (a live resync) must
  // not join a search's rows.
  const setData = useCallback(
    (next: T | ((held: T | null) => T)) =>
      setHeld((state) => {
        if (latest.current.key !== key) return state
        const mine = state.key === key ? state : empty<T>(key)
        // T is never a function here (screens hold server data), so a function is an update of the data held.
        const data = typeof next === 'function' ? (next as (held: T | null) => T)(mine.data) : next
        return { ...mine, data }
      }),
    [key],
  )
  return {
    data: current.data,
    error: current.error,
    loading: enabled && current.loading,
    reload,
    extend,
    setData,
  }
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
  options?: LoadOptions<Page<T>>,
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
