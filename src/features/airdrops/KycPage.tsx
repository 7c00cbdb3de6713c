// /airdrop/kyc (spec §2): the project owner's KYC form.
import { useSetAtom, useStore } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { KycForm, type KycOutcome } from '../../components/KycForm'
import { KYC_TEXT } from '../../components/kyc-form-rules'
import page from '../../components/Page.module.css'
import ui from '../../components/AirdropUi.module.css'
import { submitKyc } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { userAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'

export default function KycPage() {
  const store = useStore()
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const onDone = (outcome: KycOutcome) => {
    const user = store.get(userAtom)
    if (outcome === 'submitted' && user) store.set(userAtom, { ...user, kyc: { status: 'pending' } })
    toast(
      outcome === 'submitted' ? { kind: 'success', text: KYC_TEXT.submitted } : { kind: 'info', text: KYC_TEXT.already },
    )
    navigate('/airdrop/start')
  }
  return (
    <main className={page.narrow}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Project owner KYC</span>
        <h1>Verify your identity</h1>
        <p className={ui.muted}>An admin reviews your details before you can list a campaign.</p>
      </header>
      <section className={page.card}>
        <KycForm
          submit={(form) => submitKyc(authApi, form)}
          onDone={onDone}
          onFailed={(text) => toast({ kind: 'error', text })}
        />
      </section>
    </main>
  )
}
