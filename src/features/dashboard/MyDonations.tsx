import { useState } from 'react'
import { Link } from 'react-router-dom'
import { RecoverDonation, RECOVER_TEXT } from '../../components/RecoverDonation'
import { TxLink } from '../../components/TxLink'
import { listMyDonations } from '../../lib/donations.api'
import { amountText } from '../../lib/money'
import { MY_DONATIONS_CSV, receiptPath } from '../../lib/receipts.api'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'
import { usePage } from '../../lib/use-load'
import { DashboardSection } from './DashboardSection'
import { CSV_TEXT, DownloadCsv } from './DownloadCsv'

export const DASHBOARD_PAGE_SIZE = 8
export const NO_DONATIONS_TEXT = 'No Donations Yet'
export const RECEIPT_LINK_TEXT = 'Receipt'

export function MyDonations() {
  const [current, setCurrent] = useState(1)
  const list = usePage((signal) => listMyDonations(authApi, current, signal), `my-donations:${current}`)

  return (
    <DashboardSection
      id="my-donations"
      title="My Donations"
      actions={<DownloadCsv path={MY_DONATIONS_CSV} label={CSV_TEXT.myDonations} />}
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
            <span className={styles.rowLinks}>
              <TxLink signature={donation.tx_hash} />
              <Link to={receiptPath(donation.tx_hash)}>{RECEIPT_LINK_TEXT}</Link>
            </span>
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
      after={<RecoverDonation title={RECOVER_TEXT.onDashboard} onRecovered={list.reload} />}
    />
  )
}
