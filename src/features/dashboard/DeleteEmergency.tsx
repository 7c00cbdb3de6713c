import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { deleteEmergency, type Emergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import styles from './Dashboard.module.css'

export const DELETE_TEXT = { ok: 'Emergency deleted.', failed: 'Failed to delete.' }

/** Delete with a confirmation; the emergency then leaves the local list. */
export function DeleteEmergency({ emergency, onDeleted }: { emergency: Emergency; onDeleted: () => void }) {
  const toast = useSetAtom(pushToastAtom)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      await deleteEmergency(authApi, emergency.id)
      toast({ kind: 'success', text: DELETE_TEXT.ok })
      setOpen(false)
      onDeleted()
    } catch (error) {
      console.warn('delete failed', error)
      toast({ kind: 'error', text: DELETE_TEXT.failed })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className={`${buttonClass('ghost')} ${styles.danger}`}
        onClick={() => setOpen(true)}
      >
        Delete
      </button>
      <Modal title="Delete this emergency?" open={open} onClose={() => setOpen(false)}>
        <p className={styles.confirmText}>
          “{emergency.title}” will leave every list. Donations already made stay on the chain and in donors’
          history.
        </p>
        <div className={styles.confirmActions}>
          <button
            type="button"
            className={`${buttonClass('primary', { block: true })} ${styles.dangerFill}`}
            onClick={confirm}
            disabled={busy}
          >
            {busy ? 'Deleting…' : 'Yes, Delete'}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', { block: true })}
            onClick={() => setOpen(false)}
          >
            Cancel
          </button>
        </div>
      </Modal>
    </>
  )
}
