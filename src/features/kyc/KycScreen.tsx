// The KYC screen shared by the project owner (/airdrop/kyc) and the investor (/investor/kyc), told from the
// user's KYC (issue 29): while one is pending, its pending state (not a blank form); approved, that it is and the
// way on; rejected, the reason and the form again with what was sent (the ID image is picked again); else the
// form. On submit: a pending status, a toast, then `doneTo`.
import { useSetAtom, useStore } from 'jotai'
import { Link, useNavigate } from 'react-router-dom'
import type { KycSubmission } from '../../../api-contract/kyc'
import { buttonClass } from '../../components/button'
import { SkeletonBlock } from '../../components/Skeleton'
import { KycForm, type KycOutcome } from './KycForm'
import { KYC_TEXT } from './kyc-form-rules'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { fetchMyKyc, submitKyc } from '../../lib/airdrops.api'
import { useLoad } from '../../lib/use-load'
import { authApi } from '../../state/api'
import { userAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'

export const KYC_STATE_TEXT = {
  pending: 'Your KYC is under review. An admin checks it soon; nothing more is needed from you now.',
  approved: 'Your identity is verified.',
  rejected: 'Your KYC was rejected. Correct your details and send it again.',
} as const

export function KycScreen(props: { eyebrow: string; title: string; intro: string; doneTo: string }) {
  const store = useStore()
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const kyc = useLoad((signal) => fetchMyKyc(authApi, signal), 'kyc-me')
  const onDone = (outcome: KycOutcome) => {
    const user = store.get(userAtom)
    if (outcome === 'submitted' && user) store.set(userAtom, { ...user, kyc: { status: 'pending' } })
    kyc.reload()
    toast(
      outcome === 'submitted'
        ? { kind: 'success', text: KYC_TEXT.submitted }
        : { kind: 'info', text: KYC_TEXT.already },
    )
    navigate(props.doneTo)
  }
  return (
    <main className={page.narrow}>
      <header className={ui.header}>
        <span className={page.eyebrow}>{props.eyebrow}</span>
        <h1>{props.title}</h1>
        <p className={ui.muted}>{props.intro}</p>
      </header>
      <section className={page.card}>
        {kyc.data === null && kyc.error === null ? (
          <SkeletonBlock height={320} />
        ) : kyc.data?.status === 'pending' || kyc.data?.status === 'approved' ? (
          <div role="status">
            <p>{KYC_STATE_TEXT[kyc.data.status]}</p>
            <Link to={props.doneTo} className={buttonClass('primary')}>
              Continue
            </Link>
          </div>
        ) : (
          <>
            {kyc.data?.status === 'rejected' && <Rejected kyc={kyc.data} />}
            <KycForm
              initial={kyc.data?.status === 'rejected' ? resubmission(kyc.data) : undefined}
              submit={(form) => submitKyc(authApi, form)}
              onDone={onDone}
            />
          </>
        )}
      </section>
    </main>
  )
}

const resubmission = ({ full_name, country, full_address, id_type }: KycSubmission) => ({
  full_name,
  country,
  full_address,
  id_type,
})

function Rejected({ kyc }: { kyc: KycSubmission }) {
  return (
    <div role="status" className={ui.header}>
      <p>{KYC_STATE_TEXT.rejected}</p>
      {kyc.rejection_reason && (
        <p className={ui.muted}>
          Reason: <strong>{kyc.rejection_reason}</strong>
        </p>
      )}
    </div>
  )
}
