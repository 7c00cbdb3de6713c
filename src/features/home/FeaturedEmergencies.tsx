// Featured Emergencies on the home page: the first 3 featured, description cut at 100 characters, goal in SOL,
// a Donate button. Skeletons while loading; the empty state when there are none or the call fails.
import { DonateLink } from '../../components/DonateLink'
import { cut } from '../../lib/text'
import { listFeatured } from '../../lib/emergencies.api'
import { usePage } from '../../lib/use-load'
import { api } from '../../state/api'
import styles from './Home.module.css'
import { ListEmpty } from '../../components/ListEmpty'

export const HOME_FEATURED_COUNT = 3
export const FEATURED_EMPTY_TEXT = 'No featured emergencies available yet.'

export function FeaturedEmergencies() {
  const featured = usePage((signal) => listFeatured(api, 1, signal), 'featured', { served: true })
  const items = featured.items?.slice(0, HOME_FEATURED_COUNT) ?? null
  const failed = featured.failed

  if (items === null)
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading featured emergencies">
        {Array.from({ length: HOME_FEATURED_COUNT }, (_, i) => (
          <li key={i} className={`${styles.emergency} ${styles.skeleton}`} />
        ))}
      </ul>
    )
  if (items.length === 0)
    return <ListEmpty className={styles.empty} text={FEATURED_EMPTY_TEXT} failed={failed} />
  return (
    <ul className={styles.grid}>
      {items.map((item) => (
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
