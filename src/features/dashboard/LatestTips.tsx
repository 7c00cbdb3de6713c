import { SkeletonList } from '../../components/Skeleton'
import { TxLink } from '../../components/TxLink'
import { fetchLatestTips } from '../../lib/donations.api'
import { useLoad } from '../../lib/use-load'
import { sol2 } from '../../lib/sol'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'

export const LATEST_TIPS_COUNT = 5
export const NO_TIPS_TEXT = 'No tips yet.'

export function LatestTips() {
  const loaded = useLoad((signal) => fetchLatestTips(authApi, signal), 'latest-tips')
  const tips = loaded.error ? [] : (loaded.data?.results.slice(0, LATEST_TIPS_COUNT) ?? null)

  return (
    <section className={styles.section} aria-labelledby="latest-tips">
      <h2 id="latest-tips">Latest Tips</h2>
      {tips === null ? (
        <SkeletonList className={styles.rows} count={2} height={56} label="Loading latest tips" />
      ) : tips.length === 0 ? (
        <p className={styles.empty}>{NO_TIPS_TEXT}</p>
      ) : (
        <ul className={styles.rows}>
          {tips.map((tip) => (
            <li key={tip.id} className={styles.row}>
              <div className={styles.rowMain}>
                <span className={styles.rowTitle}>{tip.emergency_title}</span>
                <TxLink signature={tip.tx_hash} />
              </div>
              <div className={styles.rowAmounts}>
                <strong>{sol2(tip.amount)} SOL</strong>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
