// Featured Emergencies on the home page: the first 3 featured, description cut at 100 characters, goal in SOL,
// a Donate button. Skeletons while the read is on its way; the empty state when there are none or it failed.
import { Suspense } from 'react'
import { useLoaderData } from 'react-router-dom'
import { DonateLink } from '../../components/DonateLink'
import { ListEmpty } from '../../components/ListEmpty'
import { cut } from '../../lib/text'
import { pageOfRead, useRead } from '../../lib/public-read'
import type { HomeData } from './home.loader'
import styles from './Home.module.css'

export const HOME_FEATURED_COUNT = 3
export const FEATURED_EMPTY_TEXT = 'No featured emergencies available yet.'

export function FeaturedEmergencies() {
  const { featured } = useLoaderData<HomeData>()
  return (
    <Suspense fallback={<FeaturedSkeleton />}>
      <FeaturedList read={featured} />
    </Suspense>
  )
}

function FeaturedSkeleton() {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label="Loading featured emergencies">
      {Array.from({ length: HOME_FEATURED_COUNT }, (_, i) => (
        <li key={i} className={`${styles.emergency} ${styles.skeleton}`} />
      ))}
    </ul>
  )
}

function FeaturedList({ read }: { read: HomeData['featured'] }) {
  const { items, failed } = pageOfRead(useRead(read))
  if (items.length === 0)
    return <ListEmpty className={styles.empty} text={FEATURED_EMPTY_TEXT} failed={failed} />
  return (
    <ul className={styles.grid}>
      {items.slice(0, HOME_FEATURED_COUNT).map((item) => (
        <li key={item.id} className={styles.emergency}>
          <span className={styles.star} aria-label="Featured">
            ★
          </span>
          <h3>{item.title}</h3>
          <p className={styles.muted}>{cut(item.description, 100)}</p>
          <p className={styles.goal}>
            Goal <strong>{item.sol_goal} SOL</strong>
          </p>
          <DonateLink emergency={item} />
        </li>
      ))}
    </ul>
  )
}
