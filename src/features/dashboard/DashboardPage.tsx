// /dashboard, My Dashboard. Its headline and order follow what the user does (issue 29): a campaigner (someone
// with an emergency listed) sees what they raised above their giving and My Emergencies first; everyone else their
// giving and My Donations first. Until the figures arrive it is laid out for a campaigner. This device's
// notifications sit beside badges and tips.
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import { fetchCampaignerTotals } from '../../lib/donations.api'
import { useLoad } from '../../lib/use-load'
import { NotificationsSwitch } from '../../notifications/NotificationsSwitch'
import { authApi } from '../../state/api'
import { DonationSummary } from './DonationSummary'
import { LatestTips } from './LatestTips'
import { MyBadges } from './MyBadges'
import { MyDonations } from './MyDonations'
import { MyEmergencies } from './MyEmergencies'
import { RaisedSummary } from './RaisedSummary'
import styles from './Dashboard.module.css'

export default function DashboardPage() {
  const raised = useLoad((signal) => fetchCampaignerTotals(authApi, signal), 'campaigner-totals')
  const campaigner = raised.data === null || raised.data.emergency_count > 0
  const mine = [
    <MyEmergencies key="emergencies" onDonation={raised.reload} />,
    <MyDonations key="donations" />,
  ]
  return (
    <main className={page.page}>
      <div className={styles.top}>
        <h1 className={styles.title}>My Dashboard</h1>
        <Link to="/create" className={buttonClass('primary')}>
          Create Emergency
        </Link>
      </div>
      <div className={styles.headline}>
        {campaigner && <RaisedSummary stats={raised.data} failed={raised.error !== null} />}
        <DonationSummary />
      </div>
      <div className={styles.columns}>
        <div className={styles.mainCol}>{campaigner ? mine : mine.reverse()}</div>
        <div className={styles.sideCol}>
          <NotificationsSwitch />
          <MyBadges />
          <LatestTips />
        </div>
      </div>
    </main>
  )
}
