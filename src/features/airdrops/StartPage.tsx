// /airdrop/start: the KYC status gate before creating a campaign.
import { useEffect } from 'react'
import { useSetAtom } from 'jotai'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { fetchMyKyc } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useLoad } from '../../lib/use-load'

export const KYC_CHECK_FAILED = 'KYC status check failed.'

export default function StartPage() {
  const toast = useSetAtom(pushToastAtom)
  const kyc = useLoad((signal) => fetchMyKyc(authApi, signal), 'kyc-me')
  useEffect(() => {
    if (kyc.error) toast({ kind: 'error', text: KYC_CHECK_FAILED })
  }, [kyc.error, toast])

  return (
    <main className={page.narrow}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Launch a campaign</span>
        <h1>Start your airdrop campaign</h1>
        <p className={ui.muted}>
          Project owners pass KYC once, then create a campaign and pay the 0.5 SOL listing fee.
        </p>
      </header>
      <section className={page.card} aria-live="polite">
        {kyc.loading ? (
          <SkeletonBlock height={120} />
        ) : kyc.error || !kyc.data ? (
          <div className={ui.form}>
            <p className={ui.alert} role="alert">
              {KYC_CHECK_FAILED}
            </p>
            <button type="button" className={buttonClass('secondary')} onClick={kyc.reload}>
              Try again
            </button>
          </div>
        ) : (
          <Gate
            status={kyc.data.status}
            reason={'rejection_reason' in kyc.data ? kyc.data.rejection_reason : null}
          />
        )}
      </section>
    </main>
  )
}

function Gate({ status, reason }: { status: string; reason: string | null }) {
  if (status === 'approved')
    return (
      <div className={ui.form}>
        <p>
          <span className={ui.ok}>KYC approved</span>
        </p>
        <p>You can create a campaign now.</p>
        <div className={ui.actions}>
          <Link className={buttonClass('primary')} to="/airdrop/create">
            Create Campaign
          </Link>
          <Link className={buttonClass('secondary')} to="/airdrop/my">
            My campaigns
          </Link>
        </div>
      </div>
    )
  if (status === 'pending')
    return (
      <div className={ui.form}>
        <p>
          <span className={ui.warn}>KYC pending</span>
        </p>
        <p>Your KYC is under review. You can create a campaign once an admin approves it.</p>
      </div>
    )
  if (status === 'rejected')
    return (
      <div className={ui.form}>
        <p>
          <span className={ui.bad}>KYC rejected</span>
        </p>
        {reason && (
          <p>
            <strong>Reason:</strong> {reason}
          </p>
        )}
        <p>Correct the details and submit your KYC again.</p>
        <Link className={buttonClass('primary')} to="/airdrop/kyc">
          Resubmit KYC
        </Link>
      </div>
    )
  return (
    <div className={ui.form}>
      <p>
        <span className={ui.pill}>KYC not submitted</span>
      </p>
      <p>Before you create a campaign, verify your identity with a short KYC form.</p>
      <Link className={buttonClass('primary')} to="/airdrop/kyc">
        Complete KYC
      </Link>
    </div>
  )
}
