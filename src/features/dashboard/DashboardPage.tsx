// /dashboard, My Dashboard: the thanks after a donation, summary, my donations, my emergencies, this device's
// notifications, my badges, latest tips.
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import { DonatedThanks } from '../../notifications/DonatedThanks'
import { NotificationsSwitch } from '../../notifications/NotificationsSwitch'
import { DonationSummary } from './DonationSummary'
import { LatestTips } from './LatestTips'
import { MyBadges } from './MyBadges'
import { MyDonations } from './MyDonations'
import { MyEmergencies } from './MyEmergencies'
import styles from './Dashboard.module.css'

export default function DashboardPage() {
  return (
    <main className={page.page}>
      <div className={styles.top}>
        <h1 className={styles.title}>My Dashboard</h1>
        <Link to="/create" className={buttonClass('primary')}>
          Create Emergency
        </Link>
      </div>
      <DonatedThanks />
      <DonationSummary />
      <div className={styles.columns}>
        <div className={styles.mainCol}>
          <MyEmergencies />
          <MyDonations />
        </div>
        <div className={styles.sideCol}>
          <NotificationsSwitch />
          <MyBadges />
          <LatestTips />
        </div>
      </div>
    </main>
  )
}
