import { useEffect, useState } from 'react'
import { SkeletonBlock } from '../../components/Skeleton'
import { fetchDonationStats, type DonationStats } from '../../lib/donations.api'
import { sol2 } from '../../lib/sol'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'

export function DonationSummary() {
  const [stats, setStats] = useState<DonationStats | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    fetchDonationStats(authApi, controller.signal)
      .then(setStats)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('donation summary failed to load', error)
        setFailed(true)
      })
    return () => controller.abort()
  }, [])

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
