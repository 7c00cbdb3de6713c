// One of My emergencies as a compact row (issue 29: eight square cards made the dashboard 5,800 px tall): a small
// image, the title linking to its page, 'Under Review' and 'Boosted' when so, progress and trust signals, then
// its actions (boost, edit, delete) under it on a phone and beside it on a wide screen.
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ProgressBar } from '../../components/ProgressBar'
import { srcSetOf } from '../../components/proof-image-slots'
import { TrustSignals } from '../../components/TrustSignals'
import type { Emergency } from '../../lib/emergencies.api'
import styles from './MyEmergencyRow.module.css'

export function MyEmergencyRow({ emergency, actions }: { emergency: Emergency; actions: ReactNode }) {
  const image = emergency.proof_images[0]
  return (
    <li className={styles.row}>
      <div className={styles.thumb}>
        {image && <img src={image.image} srcSet={srcSetOf(image)} sizes="64px" alt="" loading="lazy" />}
      </div>
      <div className={styles.main}>
        <div className={styles.head}>
          <Link to={`/donate/${emergency.id}`} className={styles.title}>
            {emergency.title}
          </Link>
          {emergency.is_flagged && <span className={styles.review}>Under Review</span>}
          {emergency.is_featured && <span className={styles.boosted}>★ Boosted</span>}
        </div>
        <ProgressBar raised={emergency.total_donated} goal={emergency.sol_goal} />
        <TrustSignals emergency={emergency} />
      </div>
      <div className={styles.actions}>{actions}</div>
    </li>
  )
}
