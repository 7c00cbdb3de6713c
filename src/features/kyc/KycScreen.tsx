// The KYC screen shared by the project owner (/airdrop/kyc) and the investor (/investor/kyc): the KYC form,
// a pending status on submit, a toast, then `doneTo`.
import { useSetAtom, useStore } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { KycForm, type KycOutcome } from './KycForm'
import { KYC_TEXT } from './kyc-form-rules'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { submitKyc } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { userAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'

export function KycScreen(props: { eyebrow: string; title: string; intro: string; doneTo: string }) {
  const store = useStore()
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const onDone = (outcome: KycOutcome) => {
    const user = store.get(userAtom)
    if (outcome === 'submitted' && user) store.set(userAtom, { ...user, kyc: { status: 'pending' } })
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
        <KycForm
          submit={(form) => submitKyc(authApi, form)}
          onDone={onDone}
          onFailed={(text) => toast({ kind: 'error', text })}
        />
      </section>
    </main>
  )
}
