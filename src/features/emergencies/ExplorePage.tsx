// /explore: a title search (server-side, case-insensitive substring), the Featured section hidden while
// searching, and All Emergencies, 10 per page.
import { useEffect, useState } from 'react'
import { useSearchParams } from '../../lib/router'
import grid from '../../components/Grid.module.css'
import page from '../../components/Page.module.css'
import { SearchInput } from '../../components/SearchInput'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import { listEmergencies, listFeatured } from '../../lib/emergencies.api'
import { api } from '../../state/api'
import { EmergencyGrid } from './EmergencyGrid'
import { ListEmpty } from '../../components/ListEmpty'
import { usePage } from '../../lib/use-load'

export const EXPLORE_PAGE_SIZE = 10
export const NO_MATCH_TEXT = 'No emergencies matched your search.'
const SEARCH_DELAY_MS = 300

export default function ExplorePage() {
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const current = Math.max(1, Number(params.get('page')) || 1)
  const [typed, setTyped] = useState(search)

  useEffect(() => {
    if (typed === search) return
    const timer = window.setTimeout(
      () => setParams(typed ? { q: typed } : {}, { replace: true }),
      SEARCH_DELAY_MS,
    )
    return () => window.clearTimeout(timer)
  }, [typed, search, setParams])

  const featured = usePage((signal) => listFeatured(api, 1, signal), 'featured', { served: true })
  const all = usePage(
    (signal) => listEmergencies(api, current, search.trim(), signal),
    `list:${current}:${search.trim()}`,
    { served: true },
  )
  const searching = search.trim() !== ''
  const goTo = (next: number) => {
    setParams(search ? { q: search, page: String(next) } : { page: String(next) })
    window.scrollTo({ top: 0 })
  }

  return (
    <main className={page.page}>
      <h1 className={grid.title}>Explore Emergencies</h1>
      <p className={grid.lead}>Every open emergency. Donations go straight to the campaigner’s wallet.</p>
      <SearchInput
        label="Search emergencies by title"
        placeholder="Search by title"
        value={typed}
        onChange={setTyped}
      />
      {!searching && featured.items?.length !== 0 && (
        <section aria-labelledby="explore-featured">
          <div className={grid.head}>
            <h2 id="explore-featured">Featured</h2>
          </div>
          {featured.items === null ? (
            <SkeletonList className={grid.grid} count={3} label="Loading featured emergencies" height={360} />
          ) : (
            <EmergencyGrid items={featured.items.slice(0, 3)} first />
          )}
        </section>
      )}
      <section aria-labelledby="explore-all">
        <div className={grid.head}>
          <h2 id="explore-all">{searching ? 'Search results' : 'All Emergencies'}</h2>
        </div>
        {all.items === null ? (
          <SkeletonList className={grid.grid} count={6} label="Loading emergencies" height={360} />
        ) : all.items.length === 0 ? (
          <ListEmpty className={grid.empty} text={NO_MATCH_TEXT} failed={all.failed} />
        ) : (
          <EmergencyGrid items={all.items} first={searching || featured.items?.length === 0} />
        )}
        <Pagination page={current} pageCount={pageCountOf(all.count, EXPLORE_PAGE_SIZE)} onPage={goTo} />
      </section>
    </main>
  )
}
