// The public feed: page after page while a next page exists (`more`), restarted on a new search.
import { useCallback } from 'react'
import { listPublicDonations, type Donation } from '../../lib/donations.api'
import { useLoad } from '../../lib/use-load'
import { api } from '../../state/api'

interface Feed {
  items: Donation[]
  page: number
  hasNext: boolean
}

/** The next page joins the rows already shown. */
const append = (held: Feed, next: Feed): Feed => ({ ...next, items: [...held.items, ...next.items] })

export function usePublicFeed(search: string) {
  const loaded = useLoad<Feed>(
    async (signal, previous) => {
      const page = previous ? previous.page + 1 : 1
      const answer = await listPublicDonations(api, page, search.trim(), signal)
      return { items: answer.results, page, hasNext: Boolean(answer.next) }
    },
    `public-feed-${search}`,
    { merge: append },
  )
  const failed = loaded.error !== null
  const items = loaded.data?.items ?? (failed ? [] : null)
  const hasNext = !failed && Boolean(loaded.data?.hasNext)
  const { loading, extend } = loaded
  const more = useCallback(() => {
    if (!loading && hasNext) extend()
  }, [extend, hasNext, loading])
  return { items, hasNext, loading, more, failed }
}
