// Featured Emergencies on the home page: the first 3 featured, description cut at 100 characters, goal in SOL,
// a Donate button (spec §2). Skeletons while loading; the empty state when there are none or the call fails.
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { fetchFeatured, type EmergencySummary } from '../../lib/emergencies.api'
import { api } from '../../state/api'
import styles from './Home.module.css'
import { ListEmpty } from '../../components/ListEmpty'

export const HOME_FEATURED_COUNT = 3
export const FEATURED_EMPTY_TEXT = 'No featured emergencies available yet.'

const cut = (text: string, max = 100) => (text.length > max ? `${text.slice(0, max)}…` : text)

export function FeaturedEmergencies() {
  const [items, setItems] = useState<EmergencySummary[] | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    fetchFeatured(api, controller.signal)
      .then((list) => setItems(list.slice(0, HOME_FEATURED_COUNT)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('featured emergencies failed to load', error)
        setItems([])
        setFailed(true)
      })
    return () => controller.abort()
  }, [])

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
          <p className={styles.muted}>{cut(item.description)}</p>
          <p className={styles.goal}>
            Goal <strong>{item.sol_goal} SOL</strong>
          </p>
          <Link
            className={buttonClass('primary', { block: true })}
            to={`/donate/${item.id}`}
            aria-label={`Donate to ${item.title}`}
          >
            Donate
          </Link>
        </li>
      ))}
    </ul>
  )
}
