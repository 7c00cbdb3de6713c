// The public feed: page after page while a next page exists, restarted on a new search.
import { useCallback, useEffect, useRef, useState } from 'react'
import { listPublicDonations, type Donation } from '../../lib/donations.api'
import { api } from '../../state/api'

export function usePublicFeed(search: string) {
  const [items, setItems] = useState<Donation[] | null>(null)
  const [hasNext, setHasNext] = useState(false)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const page = useRef(0)
  const generation = useRef(0)

  const loadPage = useCallback(
    async (next: number, gen: number) => {
      setLoading(true)
      try {
        const answer = await listPublicDonations(api, next, search.trim())
        if (gen !== generation.current) return
        page.current = next
        setItems((current) => (next === 1 ? answer.results : [...(current ?? []), ...answer.results]))
        setHasNext(Boolean(answer.next))
        setFailed(false)
      } catch (error) {
        if (gen !== generation.current) return
        console.warn('public donations failed to load', error)
        setItems((current) => current ?? [])
        setHasNext(false)
        setFailed(true)
      } finally {
        if (gen === generation.current) setLoading(false)
      }
    },
    [search],
  )

  useEffect(() => {
    const gen = ++generation.current
    setItems(null)
    void loadPage(1, gen)
  }, [loadPage])

  const more = useCallback(() => {
    if (!loading && hasNext) void loadPage(page.current + 1, generation.current)
  }, [hasNext, loadPage, loading])

  return { items, hasNext, loading, more, failed }
}
