// /airdrops-list: paged grid of verified campaigns; Previous/Next disabled at the ends.
import { useSearchParams } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { SkeletonList } from '../../components/Skeleton'
import { listCampaigns } from '../../lib/airdrops.api'
import { api } from '../../state/api'
import { CampaignCard } from './CampaignCard'
import styles from './Airdrops.module.css'
import { pageParam, useLoad } from '../../lib/use-load'

const secondary = buttonClass('secondary')

export default function AirdropsListPage() {
  const [search, setSearch] = useSearchParams()
  const current = pageParam(search)
  const list = useLoad((signal) => listCampaigns(api, current, signal), `list-${current}`)

  const go = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {})
    window.scrollTo({ top: 0 })
  }

  return (
    <main className={page.page}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Fundraise Airdrop</span>
        <h1>Verified campaigns</h1>
        <p className={ui.muted}>Every campaign here has paid its listing fee on-chain.</p>
      </header>
      {list.loading ? (
        <SkeletonList count={6} label="Loading campaigns" />
      ) : list.error ? (
        <p className={ui.alert} role="alert">
          Campaigns could not be loaded.
        </p>
      ) : list.data && list.data.results.length > 0 ? (
        <div className={styles.grid}>
          {list.data.results.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </div>
      ) : (
        <p className={ui.empty}>No verified campaigns yet.</p>
      )}
      <nav
        className={ui.actions}
        aria-label="Campaign pages"
        style={{ justifyContent: 'center', marginTop: 'var(--space-6)' }}
      >
        <button
          type="button"
          className={secondary}
          disabled={!list.data?.previous}
          onClick={() => go(current - 1)}
        >
          Previous
        </button>
        <span aria-live="polite">Page {current}</span>
        <button
          type="button"
          className={secondary}
          disabled={!list.data?.next}
          onClick={() => go(current + 1)}
        >
          Next
        </button>
      </nav>
    </main>
  )
}
