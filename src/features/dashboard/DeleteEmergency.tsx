import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../components/button'
import { ConfirmModal } from '../../components/ConfirmModal'
import { deleteEmergency, type Emergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
import styles from './Dashboard.module.css'

export const DELETE_TEXT = { ok: 'Emergency deleted.', failed: 'Failed to delete.' }

/** Delete with a confirmation; the emergency then leaves the local list. */
export function DeleteEmergency({ emergency, onDeleted }: { emergency: Emergency; onDeleted: () => void }) {
  const toast = useSetAtom(pushToastAtom)
  const [open, setOpen] = useState(false)
  const { busy, submit: send } = useSubmit()

  const confirm = async () => {
    const outcome = await send(() => deleteEmergency(authApi, emergency.id), {
      failed: DELETE_TEXT.failed,
      formless: true,
    })
    if (!outcome?.ok) return
    toast({ kind: 'success', text: DELETE_TEXT.ok })
    setOpen(false)
    onDeleted()
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
      <ConfirmModal
        title="Delete this emergency?"
        open={open}
        onClose={() => setOpen(false)}
        choices={[
          {
            label: busy ? 'Deleting…' : 'Yes, Delete',
            variant: 'primary',
            className: styles.dangerFill,
            onClick: () => void confirm(),
            disabled: busy,
          },
          { label: 'Cancel', onClick: () => setOpen(false) },
        ]}
      >
        “{emergency.title}” will leave every list. Donations already made stay on the chain and in donors’
        history.
      </ConfirmModal>
    </>
  )
}
