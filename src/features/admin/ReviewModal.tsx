import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { TextArea } from '../../components/TextArea'
import { reviewFlagged, type FlaggedEmergency } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useRequest } from '../../state/use-request'
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
  const toast = useSetAtom(pushToastAtom)
  const [comment, setComment] = useState('')
  const { busy, send } = useRequest()

  const submit = async () => {
    if (!review) return
    const outcome = await send(
      () => reviewFlagged(authApi, review.item.id, review.action, comment.trim()),
      REVIEW_FAILED,
    )
    if (!outcome.ok) return
    toast({ kind: 'success', text: outcome.value.message })
    setComment('')
    onReviewed()
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
          {approve ? 'Approve' : 'Reject'}
        </button>
      </div>
    </Modal>
  )
}
