// /airdrop/payment/:campaign_id: pay the listing fee from the connected wallet.
import { useEffect, useState } from 'react'
import { useSetAtom } from 'jotai'
import { Link, useParams } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { ConfirmModal } from '../../components/ConfirmModal'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { WalletAddress } from '../../components/WalletAddress'
import { fetchCampaign } from '../../lib/airdrops.api'
import { useConfig } from '../../state/config'
import { authApi } from '../../state/api'
import { walletStackRequestedAtom } from '../../state/wallet.atoms'
import { useListingPayment } from './useListingPayment'
import styles from './Airdrops.module.css'
import { useLoad } from '../../lib/use-load'

export default function PaymentPage() {
  const { campaign_id: id = '' } = useParams()
  const config = useConfig()
  const requestStack = useSetAtom(walletStackRequestedAtom)
  const campaign = useLoad((signal) => fetchCampaign(authApi, id, signal), `pay-${id}`)
  const { run, busy, error } = useListingPayment(id)
  // Asked once before the wallet opens: what is paid, and to whom (issue 29).
  const [asking, setAsking] = useState(false)
  useEffect(() => {
    requestStack(true)
  }, [requestStack])

  return (
    <main className={page.narrow}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Listing fee</span>
        <h1>Pay the listing fee</h1>
        <p className={ui.muted}>One transfer from your wallet to the platform wallet, verified on-chain.</p>
      </header>
      <section className={`${page.card} ${styles.stack}`}>
        {campaign.loading || !config ? (
          <SkeletonBlock height={160} />
        ) : campaign.error || !campaign.data ? (
          <p className={ui.alert} role="alert">
            Campaign not found
          </p>
        ) : campaign.data.is_listed ? (
          <>
            <p className={ui.notice}>{campaign.data.project_name} is already listed.</p>
            <Link className={buttonClass('primary')} to="/airdrop/my">
              My campaigns
            </Link>
          </>
        ) : (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>Campaign</dt>
                <dd>
                  <strong>{campaign.data.project_name}</strong>
                </dd>
              </div>
              <div>
                <dt>Listing fee</dt>
                <dd className={ui.num}>
                  <strong>{config.listing_fee} SOL</strong>
                </dd>
              </div>
              <div>
                <dt>To (platform wallet)</dt>
                <dd>
                  <WalletAddress address={config.platform_wallet} />
                </dd>
              </div>
            </dl>
            <p className={ui.hint}>
              Your wallet asks you to approve one transfer; Lifeline sends it and verifies it on-chain.
              Network fees apply.
            </p>
            {error && (
              <p className={ui.alert} role="alert">
                {error}
              </p>
            )}
            <button
              type="button"
              className={buttonClass('primary', { block: true })}
              onClick={() => setAsking(true)}
              disabled={busy !== null}
            >
              {busy ?? `Pay ${config.listing_fee} SOL`}
            </button>
            <ConfirmModal
              title="Pay the listing fee?"
              open={asking}
              onClose={() => setAsking(false)}
              choices={[
                {
                  label: `Pay ${config.listing_fee} SOL`,
                  variant: 'primary',
                  onClick: () => {
                    setAsking(false)
                    void run()
                  },
                },
                { label: 'Cancel', onClick: () => setAsking(false) },
              ]}
            >
              <strong>{config.listing_fee} SOL</strong> goes from your wallet to the platform wallet to list{' '}
              {campaign.data.project_name}. Your wallet opens next to approve it.
            </ConfirmModal>
            <span aria-live="polite" className="visually-hidden">
              {busy}
            </span>
          </>
        )}
      </section>
    </main>
  )
}
