// /create (spec §2, §4 create flow): submit → 'Emergency created successfully!' → the boost modal → /dashboard.
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import page from '../../components/Page.module.css'
import { ApiError } from '../../lib/api-client'
import { createEmergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { walletAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { BoostModal } from './BoostModal'
import { emptyDraft, toFormData } from './emergency-form'
import { EmergencyForm, type EmergencySubmit } from './EmergencyForm'
import styles from './EditorPage.module.css'

export const CREATE_TEXT = { ok: 'Emergency created successfully!', failed: 'Failed to create emergency.' }

export default function CreatePage() {
  const wallet = useAtomValue(walletAtom)
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [created, setCreated] = useState<number | null>(null)

  const submit = async ({ draft, files }: EmergencySubmit) => {
    setBusy(true)
    setServerError(null)
    try {
      const emergency = await createEmergency(authApi, toFormData(draft, files))
      toast({ kind: 'success', text: CREATE_TEXT.ok })
      setCreated(emergency.id)
    } catch (error) {
      console.warn('create failed', error)
      toast({ kind: 'error', text: CREATE_TEXT.failed })
      setServerError(error instanceof ApiError ? error.message : CREATE_TEXT.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className={page.narrow}>
      <span className={page.eyebrow}>New fundraiser</span>
      <h1 className={styles.title}>Create New Emergency</h1>
      <p className={styles.lead}>
        Donors send SOL straight to the receiving wallet. Proof images help them trust you.
      </p>
      <div className={page.card}>
        <EmergencyForm
          initial={emptyDraft(wallet)}
          connectedWallet={wallet}
          requireImages
          submitLabel="Create Emergency"
          busy={busy || created !== null}
          serverError={serverError}
          onSubmit={submit}
        />
      </div>
      <BoostModal emergencyId={created} onDone={() => navigate('/dashboard')} />
    </main>
  )
}
