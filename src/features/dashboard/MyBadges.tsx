import { TxLink } from '../../components/TxLink'
import { listMyBadges } from '../../lib/donations.api'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'
import { usePage } from '../../lib/use-load'
import { DashboardSection } from './DashboardSection'

export const NO_BADGES_TEXT = 'No badges earned yet.'

export function MyBadges() {
  const list = usePage((signal) => listMyBadges(authApi, 1, signal), 'my-badges')
  return (
    <DashboardSection
      id="my-badges"
      title="My Badges"
      items={list.items}
      failed={list.failed}
      empty={{ text: NO_BADGES_TEXT }}
      skeleton={{ count: 2, height: 56 }}
      item={(badge) => (
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
      )}
    />
  )
}
