// /create: submit → 'Emergency created successfully!' → the boost modal → /dashboard.
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import page from '../../components/Page.module.css'
import { createEmergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { walletAtom } from '../../state/auth.atoms'
import { BoostModal } from './BoostModal'
import { emptyDraft, toFormData } from './emergency-form'
import { EmergencyForm } from './EmergencyForm'
import { useSaveEmergency } from './useSaveEmergency'
import styles from './EditorPage.module.css'

export const CREATE_TEXT = { ok: 'Emergency created successfully!', failed: 'Failed to create emergency.' }

export default function CreatePage() {
  const wallet = useAtomValue(walletAtom)
  const navigate = useNavigate()
  const [created, setCreated] = useState<number | null>(null)
  const { busy, serverError, submit } = useSaveEmergency(
    CREATE_TEXT,
    ({ draft, files }) => createEmergency(authApi, toFormData(draft, files)),
    (emergency) => setCreated(emergency.id),
  )

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
