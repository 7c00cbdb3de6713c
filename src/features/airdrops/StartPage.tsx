// /airdrop/start: the KYC status gate before creating a campaign.
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { fetchMyKyc } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { useLoad } from '../../lib/use-load'
import { useFailureToast } from '../../state/use-failure-toast'

export const KYC_CHECK_FAILED = 'KYC status check failed.'

export default function StartPage() {
  const kyc = useLoad((signal) => fetchMyKyc(authApi, signal), 'kyc-me')
  useFailureToast(kyc.error, KYC_CHECK_FAILED)

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

/** One KYC state: its coloured label, then what it means and what to do. */
function GateState({
  label,
  tone,
  children,
}: {
  label: string
  tone: string | undefined
  children: ReactNode
}) {
  return (
    <div className={ui.form}>
      <p>
        <span className={tone}>{label}</span>
      </p>
      {children}
    </div>
  )
}

function Gate({ status, reason }: { status: string; reason: string | null }) {
  if (status === 'approved')
    return (
      <GateState label="KYC approved" tone={ui.ok}>
        <p>You can create a campaign now.</p>
        <div className={ui.actions}>
          <Link className={buttonClass('primary')} to="/airdrop/create">
            Create Campaign
          </Link>
          <Link className={buttonClass('secondary')} to="/airdrop/my">
            My campaigns
          </Link>
        </div>
      </GateState>
    )
  if (status === 'pending')
    return (
      <GateState label="KYC pending" tone={ui.warn}>
        <p>Your KYC is under review. You can create a campaign once an admin approves it.</p>
      </GateState>
    )
  if (status === 'rejected')
    return (
      <GateState label="KYC rejected" tone={ui.bad}>
        {reason && (
          <p>
            <strong>Reason:</strong> {reason}
          </p>
        )}
        <p>Correct the details and submit your KYC again.</p>
        <Link className={buttonClass('primary')} to="/airdrop/kyc">
          Resubmit KYC
        </Link>
      </GateState>
    )
  return (
    <GateState label="KYC not submitted" tone={ui.pill}>
      <p>Before you create a campaign, verify your identity with a short KYC form.</p>
      <Link className={buttonClass('primary')} to="/airdrop/kyc">
        Complete KYC
      </Link>
    </GateState>
  )
}
