// Loads one page of a list; failures are only logged and the list stays empty (spec §8 Lists). A list that failed
// says so (`failed`), so an offline screen can tell "offline" from "empty", and loads again once back online.
import { useEffect, useState } from 'react'
import type { Page } from '../../api-contract/common'

export interface PageState<T> {
  /** null while loading */
  items: T[] | null
  count: number
  hasNext: boolean
  /** The last load failed (the list is then empty). */
  failed: boolean
}

export function usePage<T>(
  load: (signal: AbortSignal) => Promise<Page<T>>,
  key: string,
): PageState<T> & { reload: () => void } {
  const [state, setState] = useState<PageState<T>>({
    items: null,
    count: 0,
    hasNext: false,
    failed: false,
  })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setState((current) => ({ ...current, items: null }))
    load(controller.signal)
      .then((page) =>
        setState({
          items: page.results ?? [],
          count: page.count ?? 0,
          hasNext: Boolean(page.next),
          failed: false,
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.warn(`list ${key} failed to load`, error)
        setState({ items: [], count: 0, hasNext: false, failed: true })
      })
    return () => controller.abort()
    // `load` is recreated each render; `key` names what it loads.
  }, [key, version])

  useEffect(() => {
    if (!state.failed) return
    const retry = () => setVersion((v) => v + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [state.failed])

  return { ...state, reload: () => setVersion((v) => v + 1) }
}
