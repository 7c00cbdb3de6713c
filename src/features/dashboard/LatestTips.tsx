import { TxLink } from '../../components/TxLink'
import { fetchLatestTips } from '../../lib/donations.api'
import { useLoad } from '../../lib/use-load'
import { amountText } from '../../lib/money'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'
import { DashboardSection } from './DashboardSection'

export const LATEST_TIPS_COUNT = 5
export const NO_TIPS_TEXT = 'No tips yet.'

export function LatestTips() {
  const loaded = useLoad((signal) => fetchLatestTips(authApi, signal), 'latest-tips')
  const tips = loaded.error ? [] : (loaded.data?.results.slice(0, LATEST_TIPS_COUNT) ?? null)

  return (
    <DashboardSection
      id="latest-tips"
      title="Latest Tips"
      items={tips}
      failed={Boolean(loaded.error)}
      empty={{ text: NO_TIPS_TEXT }}
      skeleton={{ count: 2, height: 56 }}
      item={(tip) => (
        <li key={tip.id} className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.rowTitle}>{tip.emergency_title}</span>
            <TxLink signature={tip.tx_hash} />
          </div>
          <div className={styles.rowAmounts}>
            <strong>{amountText(tip.currency, tip.amount, true)}</strong>
          </div>
        </li>
      )}
    />
  )
}
