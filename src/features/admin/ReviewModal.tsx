import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { TextArea } from '../../components/TextArea'
import { reviewFlagged, type FlaggedEmergency, type ReviewAction } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
import styles from './Admin.module.css'

export const REVIEW_FAILED = 'Review failed.'

/** What each review does, as the admin reads it before confirming (docs/decisions/016-flag-rule.md). */
export const REVIEW_TEXT: Record<ReviewAction, { title: string; text: string; button: string }> = {
  approve: {
    title: 'Confirm as scam',
    text: 'It leaves every public list and its donors are told; its owner sees it as under review.',
    button: 'Approve',
  },
  triage: {
    title: 'Put under review',
    text: 'Its page shows "Under Review" and warns donors before they sign while you look into it. The flags stay open.',
    button: 'Triage',
  },
  reject: {
    title: 'Reject the flags',
    text: 'Its flags are cleared and it stays listed; it cannot be flagged again for a day.',
    button: 'Reject',
  },
}

export function ReviewModal({
  review,
  onClose,
  onReviewed,
}: {
  review: { item: FlaggedEmergency; action: ReviewAction } | null
  onClose: () => void
  onReviewed: () => void
}) {
  const toast = useSetAtom(pushToastAtom)
  const [comment, setComment] = useState('')
  const { busy, submit: send } = useSubmit()

  const submit = async () => {
    if (!review) return
    const outcome = await send(() => reviewFlagged(authApi, review.item.id, review.action, comment.trim()), {
      failed: REVIEW_FAILED,
      formless: true,
    })
    if (!outcome?.ok) return
    toast({ kind: 'success', text: outcome.value.message })
    setComment('')
    onReviewed()
  }

  const texts = REVIEW_TEXT[review?.action ?? 'reject']
  return (
    <Modal title={texts.title} open={review !== null} onClose={onClose}>
      <div className={styles.review}>
        <p>
          <strong>{review?.item.title}</strong>
          <br />
          {texts.text}
        </p>
        <TextArea
          label="Comment (optional)"
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={setComment}
        />
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          onClick={submit}
          disabled={busy}
        >
          {texts.button}
        </button>
      </div>
    </Modal>
  )
}
