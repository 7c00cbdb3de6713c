// /edit/:id: pre-filled; removed images go to delete_images, new ones are added.
import { useAtomValue } from 'jotai'
import { useNavigate, useParams } from 'react-router-dom'
import page from '../../components/Page.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { updateEmergency, type Emergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { walletAtom } from '../../state/auth.atoms'
import { draftOf, toFormData } from './emergency-form'
import { EmergencyForm, type EmergencySubmit } from './EmergencyForm'
import { useEmergency } from './useEmergency'
import { useSaveEmergency } from './useSaveEmergency'
import styles from './EditorPage.module.css'

export const UPDATE_TEXT = { ok: 'Emergency updated successfully!', failed: 'Failed to update emergency.' }

export default function EditPage() {
  const { id } = useParams()
  const wallet = useAtomValue(walletAtom)
  const navigate = useNavigate()
  const { emergency, error } = useEmergency(authApi, id)
  const { busy, serverError, submit } = useSaveEmergency(
    UPDATE_TEXT,
    ({ emergency, draft, files, deleteImages }: EmergencySubmit & { emergency: Emergency }) => {
      const unchangedWallet = draft.receiving_wallet.trim() === emergency.receiving_wallet
      return updateEmergency(authApi, emergency.id, toFormData(draft, files, deleteImages, unchangedWallet))
    },
    () => navigate('/dashboard'),
  )

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
            walletLocked={emergency.receiving_wallet_locked}
            keptImages={emergency.proof_images}
            requireImages={false}
            submitLabel="Save Changes"
            busy={busy}
            serverError={serverError}
            onSubmit={(values) => void submit({ ...values, emergency })}
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
