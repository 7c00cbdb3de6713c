// /featured: every boosted emergency, 12 per page (?page=, read by featured.loader.ts), back to the top on each
// page change (the router's scroll reset).
import { Suspense } from 'react'
import { useLoaderData, useSearchParams } from 'react-router-dom'
import grid from '../../components/Grid.module.css'
import page from '../../components/Page.module.css'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import { ListEmpty } from '../../components/ListEmpty'
import { pageOfRead, useRead, useRetryWhenOnline } from '../../lib/public-read'
import { pageParam } from '../../lib/use-load'
import { EmergencyGrid } from './EmergencyGrid'
import type { FeaturedData } from './featured.loader'

export const FEATURED_PAGE_SIZE = 12
export const NO_FEATURED_TEXT = 'No featured emergencies available yet.'

export default function FeaturedPage() {
  const { featured } = useLoaderData<FeaturedData>()
  return (
    <main className={page.page}>
      <h1 className={grid.title}>Featured Emergencies</h1>
      <p className={grid.lead}>Boosted by their campaigners for 7 days at a time.</p>
      <Suspense
        fallback={
          <SkeletonList className={grid.grid} count={6} label="Loading featured emergencies" height={360} />
        }
      >
        <FeaturedList read={featured} />
      </Suspense>
    </main>
  )
}

function FeaturedList({ read }: { read: FeaturedData['featured'] }) {
  const [params, setParams] = useSearchParams()
  const list = pageOfRead(useRead(read))
  useRetryWhenOnline(list.failed)
  return (
    <>
      {list.items.length === 0 ? (
        <ListEmpty className={grid.empty} text={NO_FEATURED_TEXT} failed={list.failed} />
      ) : (
        <EmergencyGrid items={list.items} first />
      )}
      <Pagination
        page={pageParam(params)}
        pageCount={pageCountOf(list.count, FEATURED_PAGE_SIZE)}
        onPage={(next) => setParams({ page: String(next) })}
      />
    </>
  )
}
