// 'Flag as Scam' and its reason modal. The server keeps one flag per reporter (docs/decisions/016-flag-rule.md):
// a repeat is told as the flag it is (the reporter's flag stands), a refusal (cool-down after an admin cleared it,
// the owner's own emergency) is told in the modal, each by its code, in the server's words. Sent with the session
// when there is one: a signed-in reporter is one reporter on every address, and the owner is known.
import { useSetAtom } from 'jotai'
import { useState, type FormEvent } from 'react'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { TextArea } from '../../components/TextArea'
import { errorText, hasCode } from '../../lib/error-text'
import { flagEmergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
import styles from './DonatePage.module.css'

export const FLAG_TEXT = {
  reasonRequired: 'Please provide a reason.',
  ok: "Campaign flagged. We'll review it shortly.",
  failed: 'Failed to flag campaign.',
}

/** Refusals the form explains itself (no failure toast): the server's words say why and until when. */
const TOLD_IN_THE_FORM = ['already_flagged', 'flag_cooldown', 'own_emergency', 'reason_required'] as const

export function FlagButton({
  emergencyId,
  onFlagged,
  disabled = false,
}: {
  emergencyId: number
  /** the flag is recorded (now, or earlier by this reporter): what to tell them */
  onFlagged: (told: string) => void
  disabled?: boolean
}) {
  const toast = useSetAtom(pushToastAtom)
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const { busy, failure, setFailure, submit: send } = useSubmit()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) return setFailure(FLAG_TEXT.reasonRequired)
    const outcome = await send(() => flagEmergency(authApi, emergencyId, reason.trim()), {
      failed: FLAG_TEXT.failed,
      quiet: (error) => hasCode(error, ...TOLD_IN_THE_FORM),
    })
    if (outcome?.ok) {
      toast({ kind: 'success', text: outcome.value.message })
      setOpen(false)
      onFlagged(outcome.value.message)
    } else if (outcome && hasCode(outcome.error, 'already_flagged')) {
      setOpen(false)
      onFlagged(errorText(outcome.error, FLAG_TEXT.ok))
    }
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
              setFailure(null)
            }}
            placeholder="What makes you think this emergency is a scam?"
          />
          {failure && (
            <p role="alert" className={styles.formError}>
              {failure}
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
