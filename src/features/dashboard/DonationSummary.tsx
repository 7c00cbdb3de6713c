import { CurrencyStat } from '../../components/CurrencyStat'
import { fetchDonationStats } from '../../lib/donations.api'
import { useLoad } from '../../lib/use-load'
import { authApi } from '../../state/api'
import styles from './Dashboard.module.css'

export function DonationSummary() {
  const loaded = useLoad((signal) => fetchDonationStats(authApi, signal), 'donation-stats')
  const stats = loaded.data
  const failed = loaded.error !== null
  return (
    <section className={styles.stats} aria-label="Donation summary">
      <CurrencyStat
        label="Total donated"
        sol={stats?.total_donated}
        usdc={stats?.usdc_donated}
        failed={failed}
      />
      <CurrencyStat label="Total tips" sol={stats?.total_tips} usdc={stats?.usdc_tips} failed={failed} />
    </section>
  )
}
