// The public feed: its first page, then the next one (from the last answer's cursor, so a donation arriving
// meanwhile neither repeats nor hides a row) while one exists (`more`), restarted on a new search. The first page
// of the unsearched feed is the route's loader read (public-feed.loader.ts): the server renders the list with it
// and the app takes it over as it is.
import { useCallback } from 'react'
import type { CursorPage } from '../../../api-contract/common'
import { listPublicDonations, type Donation } from '../../lib/donations.api'
import type { Read } from '../../lib/public-read'
import { useLoad } from '../../lib/use-load'
import { api } from '../../state/api'

/** The next page joins the rows already shown; its cursor leads on. */
const append = (held: CursorPage<Donation>, next: CursorPage<Donation>): CursorPage<Donation> => ({
  ...next,
  results: [...held.results, ...next.results],
})

export function usePublicFeed(search: string, first?: Read<CursorPage<Donation>>) {
  const loaded = useLoad<CursorPage<Donation>>(
    (signal, previous) => {
      const from = previous?.next_cursor ? { cursor: previous.next_cursor } : { page: 1 }
      return listPublicDonations(api, from, search.trim(), signal)
    },
    `public-feed-${search}`,
    { merge: append, initial: search === '' ? first : undefined },
  )
  const failed = loaded.error !== null
  const items = loaded.data?.results ?? (failed ? [] : null)
  const hasNext = !failed && Boolean(loaded.data?.next_cursor)
  const { loading, extend } = loaded
  const more = useCallback(() => {
    if (!loading && hasNext) extend()
  }, [extend, hasNext, loading])
  return { items, hasNext, loading, more, failed }
}
