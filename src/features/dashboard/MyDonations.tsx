import { useState } from 'react'
import { Link } from 'react-router-dom'
import { TxLink } from '../../components/TxLink'
import { listMyDonations } from '../../lib/donations.api'
import { amountText } from '../../lib/money'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'
import { usePage } from '../../lib/use-load'
import { DashboardSection } from './DashboardSection'

export const DASHBOARD_PAGE_SIZE = 8
export const NO_DONATIONS_TEXT = 'No Donations Yet'

export function MyDonations() {
  const [current, setCurrent] = useState(1)
  const list = usePage((signal) => listMyDonations(authApi, current, signal), `my-donations:${current}`)

  return (
    <DashboardSection
      id="my-donations"
      title="My Donations"
      items={list.items}
      failed={list.failed}
      empty={{ text: NO_DONATIONS_TEXT }}
      skeleton={{ count: 3, height: 72 }}
      item={(donation) => (
        <li key={donation.id} className={styles.row}>
          <div className={styles.rowMain}>
            <Link to={`/donate/${donation.emergency_id}`} className={styles.rowTitle}>
              {donation.emergency_title}
            </Link>
            <span className={styles.rowMeta}>
              {new Date(donation.created_at).toLocaleDateString()} · {donation.comment || 'Anon'}
            </span>
            <TxLink signature={donation.tx_hash} />
          </div>
          <div className={styles.rowAmounts}>
            <strong>{amountText(donation.currency, donation.amount, true)}</strong>
            {donation.tip_included && (
              <span>+ {amountText(donation.currency, donation.tip_amount, true)} tip</span>
            )}
          </div>
        </li>
      )}
      paging={{ page: current, count: list.count, pageSize: DASHBOARD_PAGE_SIZE, onPage: setCurrent }}
    />
  )
}
