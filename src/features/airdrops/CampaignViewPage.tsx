// /airdrops/view/:id: the campaign; owners and admins also see it before it is listed.
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { ProgressBar } from '../../components/ProgressBar'
import { SkeletonBlock } from '../../components/Skeleton'
import { WalletAddress } from '../../components/WalletAddress'
import { hasCode } from '../../lib/error-text'
import { fetchCampaign } from '../../lib/airdrops.api'
import { api, authApi } from '../../state/api'
import { useCurrentUser } from '../../state/use-current-user'
import { isLoggedInAtom, walletAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { buttonClass } from '../../components/button'
import { CampaignImage } from './CampaignCard'
import { cut } from '../../lib/text'
import { InvestButton } from './invest/InvestButton'
import styles from './Airdrops.module.css'
import { useLoad } from '../../lib/use-load'

const DETAIL_CUT = 400

const twitterUrl = (handle: string) =>
  /^https?:\/\//.test(handle) ? handle : `https://x.com/${handle.replace(/^@/, '')}`

export default function CampaignViewPage() {
  const { id = '' } = useParams()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const user = useCurrentUser()
  const wallet = useAtomValue(walletAtom)
  const toast = useSetAtom(pushToastAtom)
  const [expanded, setExpanded] = useState(false)
  const loaded = useLoad(
    (signal) => fetchCampaign(loggedIn ? authApi : api, id, signal),
    `c-${id}-${loggedIn}`,
  )
  const notFound = hasCode(loaded.error, 'not_found')

  useEffect(() => {
    if (loaded.error)
      toast({ kind: 'error', text: notFound ? 'Campaign not found' : 'Campaign not found or unavailable' })
  }, [loaded.error, notFound, toast])

  if (loaded.error) return <Navigate to="/airdrops" replace />
  const campaign = loaded.data
  if (!campaign)
    return (
      <main className={page.page} aria-busy="true" aria-label="Loading campaign">
        <SkeletonBlock height={260} />
        <SkeletonBlock height={120} />
      </main>
    )

  const isOwner = (user && user.id === campaign.user) || wallet === campaign.owner_wallet
  const long = campaign.description.length > DETAIL_CUT
  return (
    <main className={page.page}>
      <div className={styles.detail}>
        <article className={styles.stack}>
          <CampaignImage campaign={campaign} large />
          <div className={styles.badges}>
            {campaign.is_listed ? (
              <span className={styles.verified}>✓ Verified</span>
            ) : (
              <span className={ui.warn}>Payment Pending</span>
            )}
            {campaign.has_investor_involved && <span className={styles.investor}>Investor Involved</span>}
          </div>
          <h1>{campaign.project_name}</h1>
          <p className={styles.description}>
            {long && !expanded
              ? cut(campaign.description, DETAIL_CUT, { trimEnd: true })
              : campaign.description}
          </p>
          {long && (
            <button type="button" className={buttonClass('ghost')} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Show less' : 'Read more'}
            </button>
          )}
        </article>
        <aside className={`${page.card} ${styles.stack}`}>
          <ProgressBar raised={campaign.amount_released} goal={campaign.sol_goal} />
          <dl className={styles.facts}>
            <div>
              <dt>Receiving wallet</dt>
              <dd>
                <WalletAddress address={campaign.receiving_wallet} />
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>
                <time dateTime={campaign.created_at}>
                  {new Date(campaign.created_at).toLocaleDateString()}
                </time>
              </dd>
            </div>
          </dl>
          <div className={styles.links}>
            {[
              { label: 'Website', href: campaign.website },
              { label: 'Twitter', href: campaign.twitter_handle && twitterUrl(campaign.twitter_handle) },
              { label: 'GitHub', href: campaign.github_url },
            ].map(
              ({ label, href }) =>
                href && (
                  <a
                    key={label}
                    className={buttonClass('secondary')}
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {label} ↗
                  </a>
                ),
            )}
          </div>
          {campaign.is_listed && !isOwner && <InvestButton campaignId={campaign.id} />}
        </aside>
      </div>
    </main>
  )
}
