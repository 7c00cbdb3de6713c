// /airdrops: hero with 'Launch Campaign', six steps, do and don't lists, up to 8 listed campaigns.
import { useAtomValue, useSetAtom } from 'jotai'
import { Link, useNavigate } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { SkeletonList } from '../../components/Skeleton'
import { listCampaigns } from '../../lib/airdrops.api'
import { api } from '../../state/api'
import { isLoggedInAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { CampaignCard } from './CampaignCard'
import styles from './Airdrops.module.css'
import { useLoad } from '../../lib/use-load'

export const FEATURED_CAMPAIGNS = 8
export const CONNECT_FIRST = 'Connect your wallet to get started.'

const STEPS: [string, string][] = [
  ['Connect wallet and e-mail', 'Sign in with your wallet and register an e-mail address.'],
  ['Submit KYC', 'Verify your identity once; an admin reviews it.'],
  ['Pay the 0.5 SOL listing fee', 'One transfer from your wallet, verified on-chain.'],
  ['Get exposure', 'Your verified campaign is listed for KYC-approved investors.'],
  ['Chat', 'Approved investors open a private chat with you, with document sharing.'],
  ['Receive funds via escrow', 'Agreed funds are released to your receiving wallet.'],
]

const DOS = [
  'Describe your project honestly and completely.',
  'Use a receiving wallet you control.',
  'Link your real website, X (Twitter) and GitHub.',
  'Answer investors promptly in the chat.',
]
const DONTS = [
  'Promise guaranteed returns.',
  'Submit someone else’s identity documents.',
  'Ask investors to pay outside the platform.',
  'Share private keys or seed phrases, ever.',
]

export default function AirdropsLandingPage() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const featured = useLoad((signal) => listCampaigns(api, 1, signal), 'featured')

  const launch = () => {
    if (loggedIn) return navigate('/airdrop/start')
    toast({ kind: 'error', text: CONNECT_FIRST })
    navigate(`/login?redirect=${encodeURIComponent('/airdrop/start')}`)
  }

  const campaigns = featured.data?.results.slice(0, FEATURED_CAMPAIGNS) ?? []
  return (
    <main className={page.page}>
      <section className={styles.hero}>
        <span className={page.eyebrow}>Fundraise Airdrop</span>
        <h1>Launch your project to KYC-verified investors</h1>
        <p>
          List a campaign for a 0.5 SOL fee paid on-chain, meet investors who passed KYC and talk in a private
          chat.
        </p>
        <div className={styles.heroActions}>
          <button type="button" className={buttonClass('primary')} onClick={launch}>
            Launch Campaign
          </button>
          <Link className={buttonClass('secondary')} to="/airdrops-list">
            Browse campaigns
          </Link>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="how-heading">
        <h2 id="how-heading">How it works</h2>
        <ol className={styles.steps}>
          {STEPS.map(([title, text]) => (
            <li key={title}>
              <div>
                <strong>{title}</strong>
                <span>{text}</span>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className={`${ui.section} ${styles.rules}`} aria-label="Do and don't">
        <div className={`${page.card} ${styles.do}`}>
          <h2>Do</h2>
          <ul>
            {DOS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
        <div className={`${page.card} ${styles.dont}`}>
          <h2>Don’t</h2>
          <ul>
            {DONTS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="featured-heading">
        <div className={styles.sectionHead}>
          <h2 id="featured-heading">Featured campaigns</h2>
          <Link to="/airdrops-list">View All</Link>
        </div>
        {featured.loading ? (
          <SkeletonList count={4} label="Loading campaigns" />
        ) : campaigns.length === 0 ? (
          <p className={ui.empty}>
            {featured.error
              ? 'Campaigns could not be loaded.'
              : 'No verified campaigns yet. Be the first to launch one.'}
          </p>
        ) : (
          <div className={styles.grid}>
            {campaigns.map((campaign) => (
              <CampaignCard key={campaign.id} campaign={campaign} />
            ))}
          </div>
        )}
      </section>
    </main>
  )
}
