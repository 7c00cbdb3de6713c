// The public feed: its first page, then the next one (from the last answer's cursor, so a donation arriving
// meanwhile neither repeats nor hides a row) while one exists (`more`), restarted on a new search. The first page
// of the unsearched feed is the route's loader read (public-feed.loader.ts): the server renders the list with it
// and the app takes it over as it is. The unsearched feed is live (src/lib/live-donations.ts): a new donation joins
// the top at once, or, while the visitor reads further down (`reading`), waits in `waiting` until they come back up
// or ask for it, so what they read never moves.
import { useCallback, useState } from 'react'
import type { CursorPage } from '../../../api-contract/common'
import { listPublicDonations, type Donation } from '../../lib/donations.api'
import type { Read } from '../../lib/public-read'
import { useLoad } from '../../lib/use-load'
import { useLiveDonations } from '../../lib/use-live-donations'
import { api } from '../../state/api'
import { useArrivals, withNewer } from './live-rows'

/** The next page joins the rows already shown; its cursor leads on. */
const append = (held: CursorPage<Donation>, next: CursorPage<Donation>): CursorPage<Donation> => ({
  ...next,
  results: [...held.results, ...next.results],
})

export function usePublicFeed(
  search: string,
  first?: Read<CursorPage<Donation>>,
  reading: () => boolean = () => false,
) {
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
  const { loading, extend, setData } = loaded
  const more = useCallback(() => {
    if (!loading && hasNext) extend()
  }, [extend, hasNext, loading])

  const { arrived, mark } = useArrivals()
  const [waiting, setWaiting] = useState<Donation[]>([])
  const show = useCallback(
    (rows: readonly Donation[]) => {
      mark(rows)
      setData((held) => (held ? withNewer(held, rows) : held!))
    },
    [mark, setData],
  )
  const arrive = (rows: readonly Donation[]) => {
    if (!reading()) return show(rows)
    const shown = new Set(items?.map((row) => row.id))
    setWaiting((held) => [
      ...rows.filter((row) => !shown.has(row.id) && !held.some((h) => h.id === row.id)),
      ...held,
    ])
  }
  const showWaiting = useCallback(() => {
    show(waiting)
    setWaiting([])
  }, [show, waiting])
  const newest = items?.[0]?.id
  useLiveDonations(
    search === '' && items !== null && !failed
      ? { after: newest === undefined ? undefined : String(newest) }
      : null,
    {
      donation: ({ donation }) => arrive([donation]),
      resync: () =>
        void listPublicDonations(api, { page: 1 }).then(
          (page) => arrive(page.results),
          (error: unknown) => console.warn('live feed: read again failed', error),
        ),
    },
  )
  return { items, hasNext, loading, more, failed, arrived, waiting: waiting.length, showWaiting }
}
