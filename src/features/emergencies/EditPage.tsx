// /edit/:id (spec §2, §4 Edit): pre-filled; removed images go to delete_images, new ones are added.
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import page from '../../components/Page.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { ApiError } from '../../lib/api-client'
import { updateEmergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { walletAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { draftOf, toFormData } from './emergency-form'
import { EmergencyForm, type EmergencySubmit } from './EmergencyForm'
import { useEmergency } from './useEmergency'
import styles from './EditorPage.module.css'

export const UPDATE_TEXT = { ok: 'Emergency updated successfully!', failed: 'Failed to update emergency.' }

export default function EditPage() {
  const { id } = useParams()
  const wallet = useAtomValue(walletAtom)
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const { emergency, error } = useEmergency(authApi, id)
  const [busy, setBusy] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)

  const submit = async ({ draft, files, deleteImages }: EmergencySubmit) => {
    if (!emergency) return
    setBusy(true)
    setServerError(null)
    try {
      const unchangedWallet = draft.receiving_wallet.trim() === emergency.receiving_wallet
      await updateEmergency(authApi, emergency.id, toFormData(draft, files, deleteImages, unchangedWallet))
      toast({ kind: 'success', text: UPDATE_TEXT.ok })
      navigate('/dashboard')
    } catch (caught) {
      console.warn('update failed', caught)
      toast({ kind: 'error', text: UPDATE_TEXT.failed })
      setServerError(caught instanceof ApiError ? caught.message : UPDATE_TEXT.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className={page.narrow}>
      <span className={page.eyebrow}>Your fundraiser</span>
      <h1 className={styles.title}>Edit Emergency</h1>
      {error && <p role="alert">{error}</p>}
      <div className={page.card}>
        {emergency ? (
          <EmergencyForm
            initial={draftOf(emergency)}
            connectedWallet={wallet}
            keptImages={emergency.proof_images}
            requireImages={false}
            submitLabel="Save Changes"
            busy={busy}
            serverError={serverError}
            onSubmit={submit}
          />
        ) : (
          !error && (
            <div className={styles.loading} aria-busy="true" aria-label="Loading emergency">
              <SkeletonBlock height={44} />
              <SkeletonBlock height={140} />
              <SkeletonBlock height={44} />
              <SkeletonBlock height={44} />
            </div>
          )
        )}
      </div>
    </main>
  )
}
