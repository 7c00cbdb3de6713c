// /featured: every boosted emergency, 12 per page, back to the top on each page change.
import { useSearchParams } from '../../lib/router'
import grid from '../../components/Grid.module.css'
import page from '../../components/Page.module.css'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import { listFeatured } from '../../lib/emergencies.api'
import { api } from '../../state/api'
import { EmergencyGrid } from './EmergencyGrid'
import { ListEmpty } from '../../components/ListEmpty'
import { usePage } from '../../lib/use-load'

export const FEATURED_PAGE_SIZE = 12
export const NO_FEATURED_TEXT = 'No featured emergencies available yet.'

export default function FeaturedPage() {
  const [params, setParams] = useSearchParams()
  const current = Math.max(1, Number(params.get('page')) || 1)
  const list = usePage((signal) => listFeatured(api, current, signal), `featured:${current}`, {
    served: true,
  })

  const goTo = (next: number) => {
    setParams({ page: String(next) })
    window.scrollTo({ top: 0 })
  }

  return (
    <main className={page.page}>
      <h1 className={grid.title}>Featured Emergencies</h1>
      <p className={grid.lead}>Boosted by their campaigners for 7 days at a time.</p>
      {list.items === null ? (
        <SkeletonList className={grid.grid} count={6} label="Loading featured emergencies" height={360} />
      ) : list.items.length === 0 ? (
        <ListEmpty className={grid.empty} text={NO_FEATURED_TEXT} failed={list.failed} />
      ) : (
        <EmergencyGrid items={list.items} first />
      )}
      <Pagination page={current} pageCount={pageCountOf(list.count, FEATURED_PAGE_SIZE)} onPage={goTo} />
    </main>
  )
}
