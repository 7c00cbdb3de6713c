// A campaigner's headline: what their emergencies raised (SOL, USDC under it), from how many donations and donors.
import { CurrencyStat } from '../../components/CurrencyStat'
import type { CampaignerTotals } from '../../lib/donations.api'
import { StatTile } from './StatTile'
import styles from './Dashboard.module.css'

export function RaisedSummary({ stats, failed }: { stats: CampaignerTotals | null; failed: boolean }) {
  return (
    <section className={`${styles.stats} ${styles.stats3}`} aria-label="Raised summary">
      <CurrencyStat label="Raised" sol={stats?.total_raised} usdc={stats?.usdc_raised} failed={failed} />
      <StatTile label="Donations" value={stats?.donation_count.toString()} failed={failed} />
      <StatTile label="Donors" value={stats?.donor_count.toString()} failed={failed} />
    </section>
  )
}
