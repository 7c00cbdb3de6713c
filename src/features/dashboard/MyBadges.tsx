import { SkeletonList } from '../../components/Skeleton'
import { TxLink } from '../../components/TxLink'
import { listMyBadges } from '../../lib/donations.api'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'
import { ListEmpty } from '../../components/ListEmpty'
import { usePage } from '../../lib/use-load'

export const NO_BADGES_TEXT = 'No badges earned yet.'

export function MyBadges() {
  const list = usePage((signal) => listMyBadges(authApi, 1, signal), 'my-badges')
  return (
    <section className={styles.section} aria-labelledby="my-badges">
      <h2 id="my-badges">My Badges</h2>
      {list.items === null ? (
        <SkeletonList className={styles.rows} count={2} height={56} label="Loading my badges" />
      ) : list.items.length === 0 ? (
        <ListEmpty className={styles.empty} text={NO_BADGES_TEXT} failed={list.failed} />
      ) : (
        <ul className={styles.rows}>
          {list.items.map((badge) => (
            <li key={badge.id} className={styles.badge}>
              <span className={styles.medal} aria-hidden="true">
                ★
              </span>
              <div className={styles.rowMain}>
                <strong>{badge.title}</strong>
                <span className={styles.rowMeta}>{new Date(badge.issued_at).toLocaleDateString()}</span>
                {badge.tx_hash && <TxLink signature={badge.tx_hash} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
