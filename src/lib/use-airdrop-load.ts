// Load once per key with abort on change; `reload` runs it again. Errors are kept for the screen to show.
import { useCallback, useEffect, useState } from 'react'

export interface Loaded<T> {
  data: T | null
  error: unknown
  loading: boolean
  reload: () => void
  setData: (data: T) => void
}

export function useAirdropLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [loading, setLoading] = useState(true)
  const [round, setRound] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    setError(null)
    load(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return
        setData(value)
        setLoading(false)
      },
      (caught: unknown) => {
        if (controller.signal.aborted) return
        console.warn(`load failed: ${key}`, caught)
        setError(caught)
        setLoading(false)
      },
    )
    return () => controller.abort()
    // `load` is recreated each render; the key says when to load again.
  }, [key, round])

  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { data, error, loading, reload, setData }
}

/** Page number from `?page=` (1-based). */
export const pageParam = (search: URLSearchParams) => Math.max(1, Number(search.get('page')) || 1)
