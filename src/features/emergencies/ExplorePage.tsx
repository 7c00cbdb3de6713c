// /explore: a title search (server-side, case-insensitive substring), the Featured section hidden while
// searching, and All Emergencies, 10 per page. The search and the page live in the URL (?q=, ?page=), so the
// route's loader (explore.loader.ts) reads what they ask for; the results on screen stay until the new ones come.
import { Suspense, useEffect, useState } from 'react'
import { Link, useLoaderData, useSearchParams } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import grid from '../../components/Grid.module.css'
import page from '../../components/Page.module.css'
import { SearchInput } from '../../components/SearchInput'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import { ListEmpty } from '../../components/ListEmpty'
import { pageOfRead, useRead, useRetryWhenOnline } from '../../lib/public-read'
import { pageParam } from '../../lib/use-load'
import { EmergencyGrid } from './EmergencyGrid'
import type { ExploreData } from './explore.loader'

export const EXPLORE_PAGE_SIZE = 10
export const NO_MATCH_TEXT = 'No emergencies matched your search.'
export const NO_EMERGENCIES_YET_TEXT =
  'No emergencies yet. Someone you know in need? Be the first to raise help.'
const SEARCH_DELAY_MS = 300

export default function ExplorePage() {
  const { featured, list } = useLoaderData<ExploreData>()
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const [typed, setTyped] = useState(search)

  useEffect(() => {
    if (typed === search) return
    const timer = window.setTimeout(
      () => setParams(typed ? { q: typed } : {}, { replace: true, preventScrollReset: true }),
      SEARCH_DELAY_MS,
    )
    return () => window.clearTimeout(timer)
  }, [typed, search, setParams])

  const searching = search.trim() !== ''
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
      <Suspense fallback={<ExploreSkeleton searching={searching} />}>
        <ExploreLists featured={featured} list={list} searching={searching} />
      </Suspense>
    </main>
  )
}

function ExploreSkeleton({ searching }: { searching: boolean }) {
  return (
    <>
      {!searching && (
        <SkeletonList className={grid.grid} count={3} label="Loading featured emergencies" height={360} />
      )}
      <SkeletonList className={grid.grid} count={6} label="Loading emergencies" height={360} />
    </>
  )
}

function ExploreLists({ featured, list, searching }: ExploreData & { searching: boolean }) {
  const [params, setParams] = useSearchParams()
  const featuredRead = useRead(featured)
  const featuredPage = featuredRead && pageOfRead(featuredRead)
  const all = pageOfRead(useRead(list))
  useRetryWhenOnline(Boolean(featuredPage?.failed) || all.failed)
  const current = pageParam(params)
  const showFeatured = !searching && featuredPage !== undefined && featuredPage.items.length > 0
  const goTo = (next: number) => {
    const q = params.get('q')
    setParams(q ? { q, page: String(next) } : { page: String(next) })
  }
  return (
    <>
      {showFeatured && (
        <section aria-labelledby="explore-featured">
          <div className={grid.head}>
            <h2 id="explore-featured">Featured</h2>
          </div>
          <EmergencyGrid items={featuredPage.items.slice(0, 3)} first />
        </section>
      )}
      <section aria-labelledby="explore-all">
        <div className={grid.head}>
          <h2 id="explore-all">{searching ? 'Search results' : 'All Emergencies'}</h2>
        </div>
        {all.items.length === 0 ? (
          <ListEmpty
            className={grid.empty}
            text={searching ? NO_MATCH_TEXT : NO_EMERGENCIES_YET_TEXT}
            failed={all.failed}
            action={
              searching ? undefined : (
                <Link to="/create" className={buttonClass('primary')}>
                  Start a fundraiser
                </Link>
              )
            }
          />
        ) : (
          <EmergencyGrid items={all.items} first={!showFeatured} />
        )}
        <Pagination page={current} pageCount={pageCountOf(all.count, EXPLORE_PAGE_SIZE)} onPage={goTo} />
      </section>
    </>
  )
}
