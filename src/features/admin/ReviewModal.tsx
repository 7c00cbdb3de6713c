import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { reviewFlagged, type FlaggedEmergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import styles from './Admin.module.css'

export const REVIEW_FAILED = 'Review failed.'

export function ReviewModal({
  review,
  onClose,
  onReviewed,
}: {
  review: { item: FlaggedEmergency; action: 'approve' | 'reject' } | null
  onClose: () => void
  onReviewed: () => void
}) {
  const id = useId()
  const toast = useSetAtom(pushToastAtom)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    if (!review) return
    setBusy(true)
    try {
      const answer = await reviewFlagged(authApi, review.item.id, review.action, comment.trim())
      toast({ kind: 'success', text: answer.message })
      setComment('')
      onReviewed()
    } catch (error) {
      console.warn('review failed', error)
      toast({ kind: 'error', text: REVIEW_FAILED })
    } finally {
      setBusy(false)
    }
  }

  const approve = review?.action === 'approve'
  return (
    <Modal title={approve ? 'Confirm as scam' : 'Reject the flag'} open={review !== null} onClose={onClose}>
      <div className={styles.review}>
        <p>
          <strong>{review?.item.title}</strong>
          <br />
          {approve
            ? 'It leaves every public list; its owner sees it as under review.'
            : 'The flag is cleared and the emergency stays listed.'}
        </p>
        <label htmlFor={`${id}-comment`}>Comment (optional)</label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          onClick={submit}
          disabled={busy}
        >
          {approve ? 'Approve' : 'Reject'}
        </button>
      </div>
    </Modal>
  )
}
