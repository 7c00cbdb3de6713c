import { SkeletonBlock } from '../../components/Skeleton'
import { fetchDonationStats } from '../../lib/donations.api'
import { useLoad } from '../../lib/use-load'
import { sol2 } from '../../lib/sol'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'

export function DonationSummary() {
  const loaded = useLoad((signal) => fetchDonationStats(authApi, signal), 'donation-stats')
  const stats = loaded.data
  const failed = loaded.error !== null

  const tile = (label: string, value: string | undefined) => (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      {value !== undefined ? (
        <strong className={styles.statValue}>{value} SOL</strong>
      ) : failed ? (
        <strong className={styles.statValue}>—</strong>
      ) : (
        <SkeletonBlock height={32} />
      )}
    </div>
  )
  return (
    <section className={styles.stats} aria-label="Donation summary">
      {tile('Total donated', stats ? sol2(stats.total_donated) : undefined)}
      {tile('Total tips', stats ? sol2(stats.total_tips) : undefined)}
    </section>
  )
}
