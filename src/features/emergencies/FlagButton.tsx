// 'Flag as Scam' and its reason modal.
import { useSetAtom } from 'jotai'
import { useState, type FormEvent } from 'react'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { TextArea } from '../../components/TextArea'
import { ApiError } from '../../lib/api-client'
import { flagEmergency } from '../../lib/emergencies.api'
import { api } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useRequest } from '../../state/use-request'
import styles from './DonatePage.module.css'

export const FLAG_TEXT = {
  reasonRequired: 'Please provide a reason.',
  ok: "Campaign flagged. We'll review it shortly.",
  failed: 'Failed to flag campaign.',
}

export function FlagButton({
  emergencyId,
  onFlagged,
  disabled = false,
}: {
  emergencyId: number
  onFlagged: () => void
  disabled?: boolean
}) {
  const toast = useSetAtom(pushToastAtom)
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { busy, send } = useRequest()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) return setError(FLAG_TEXT.reasonRequired)
    const outcome = await send(() => flagEmergency(api, emergencyId, reason.trim()), FLAG_TEXT.failed)
    if (outcome.ok) {
      toast({ kind: 'success', text: FLAG_TEXT.ok })
      setOpen(false)
      onFlagged()
    }
    // 409: an admin cleared it recently (flag cool-down); the server says until when.
    else if (outcome.error instanceof ApiError && outcome.error.status === 409)
      setError(outcome.error.message)
  }

  return (
    <>
      <button
        type="button"
        className={`${buttonClass('ghost')} ${styles.flag}`}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        ⚑ Flag as Scam
      </button>
      <Modal title="Flag as Scam" open={open} onClose={() => setOpen(false)}>
        <form className={styles.flagForm} onSubmit={submit} noValidate>
          <TextArea
            label="Reason"
            rows={4}
            maxLength={1000}
            value={reason}
            onChange={(text) => {
              setReason(text)
              setError(null)
            }}
            placeholder="What makes you think this emergency is a scam?"
          />
          {error && (
            <p role="alert" className={styles.formError}>
              {error}
            </p>
          )}
          <button type="submit" className={buttonClass('primary', { block: true })} disabled={busy}>
            Submit Flag
          </button>
        </form>
      </Modal>
    </>
  )
}
