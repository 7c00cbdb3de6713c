// /admin: boosted (featured) emergencies and total platform tips (SOL and USDC apart).
import { Link } from 'react-router-dom'
import grid from '../../components/Grid.module.css'
import { AdminNav } from './AdminNav'
import page from '../../components/Page.module.css'
import { CurrencyStat } from '../../components/CurrencyStat'
import { SkeletonList } from '../../components/Skeleton'
import { WalletAddress } from '../../components/WalletAddress'
import { fetchTipsTotal } from '../../lib/donations.api'
import { listFeatured } from '../../lib/emergencies.api'
import { sol2 } from '../../lib/sol'
import { api, authApi } from '../../state/api'
import styles from './Admin.module.css'
import { ListEmpty } from '../../components/ListEmpty'
import { useLoad, usePage } from '../../lib/use-load'

function TotalTips() {
  const loaded = useLoad((signal) => fetchTipsTotal(authApi, signal), 'tips-total')
  return (
    <CurrencyStat
      className={styles.tips}
      label="Total platform tips"
      sol={loaded.data?.total_tips}
      usdc={loaded.data?.usdc_tips}
      failed={loaded.error !== null}
    />
  )
}

function Boosted() {
  const list = usePage((signal) => listFeatured(api, 1, signal), 'admin-featured')
  if (list.items === null)
    return <SkeletonList className={styles.list} count={3} height={64} label="Loading boosted" />
  if (list.items.length === 0)
    return <ListEmpty className={grid.empty} text="No boosted emergencies right now." failed={list.failed} />
  return (
    <ul className={styles.list}>
      {list.items.map((emergency) => (
        <li key={emergency.id} className={styles.item}>
          <div className={styles.itemMain}>
            <Link to={`/donate/${emergency.id}`} className={styles.itemTitle}>
              ★ {emergency.title}
            </Link>
            <WalletAddress address={emergency.receiving_wallet} />
          </div>
          <div className={styles.itemSide}>
            <strong>
              {sol2(emergency.total_donated)} / {sol2(emergency.sol_goal)} SOL
            </strong>
            <span>
              until{' '}
              {emergency.boost_expires_at ? new Date(emergency.boost_expires_at).toLocaleDateString() : '—'}
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}

export default function AdminPage() {
  return (
    <main className={page.page}>
      <h1 className={grid.title}>Admin</h1>
      <AdminNav />
      <TotalTips />
      <h2 className={styles.heading}>Boosted emergencies</h2>
      <Boosted />
    </main>
  )
}
