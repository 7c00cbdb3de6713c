// One pending KYC submission: who, what, the private ID image; approve, or reject with a non-blank reason.
import { useState } from 'react'
import { ActionButtons } from '../../components/ActionButtons'
import { TextArea } from '../../components/TextArea'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { WalletAddress } from '../../components/WalletAddress'
import type { AdminKycSubmission } from '../../lib/airdrops.api'
import { useSubmit } from '../../state/use-submit'
import { DecisionButtons } from './DecisionButtons'
import { PrivateImage } from './PrivateImage'
import styles from './Admin.module.css'

export const REASON_REQUIRED = 'Please give a reason for the rejection.'
export const REVIEW_FAILED = 'Failed to submit review'

const ID_LABEL: Record<string, string> = {
  passport: 'Passport',
  national_id: 'National ID',
  driver_license: 'Driver license',
}

export function KycReviewCard({
  submission,
  onReview,
}: {
  submission: AdminKycSubmission
  /** sends the review; throws when it is not recorded (the card says why) */
  onReview: (action: 'approve' | 'reject', reason?: string) => Promise<void>
}) {
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const { busy, failure: problem, setFailure: setProblem, submit } = useSubmit()

  const act = async (action: 'approve' | 'reject') => {
    if (action === 'reject' && !reason.trim()) return setProblem(REASON_REQUIRED)
    await submit(() => onReview(action, action === 'reject' ? reason.trim() : undefined), {
      failed: REVIEW_FAILED,
    })
  }

  return (
    <article className={`${page.card} ${styles.kycCard}`} aria-label={`KYC of ${submission.full_name}`}>
      <PrivateImage url={submission.id_image} alt={`ID of ${submission.full_name}`} />
      <h2>{submission.full_name}</h2>
      <dl className={styles.facts}>
        <dt>ID type</dt>
        <dd>{ID_LABEL[submission.id_type] ?? submission.id_type}</dd>
        <dt>Country</dt>
        <dd>{submission.country}</dd>
        <dt>Address</dt>
        <dd>{submission.full_address}</dd>
        <dt>E-mail</dt>
        <dd>{submission.email}</dd>
        <dt>Wallet</dt>
        <dd>
          <WalletAddress address={submission.wallet_address} head={4} />
        </dd>
        <dt>Submitted</dt>
        <dd>{new Date(submission.submitted_at).toLocaleString()}</dd>
      </dl>
      {rejecting && (
        <div className={ui.field}>
          <TextArea label="Reason for rejection" value={reason} maxLength={1000} onChange={setReason} />
        </div>
      )}
      {problem && (
        <span className={ui.fieldError} role="alert">
          {problem}
        </span>
      )}
      {rejecting ? (
        <ActionButtons
          actions={[
            {
              label: 'Confirm rejection',
              variant: 'primary',
              onClick: () => void act('reject'),
              disabled: busy,
            },
            { label: 'Cancel', variant: 'ghost', onClick: () => setRejecting(false), disabled: busy },
          ]}
        />
      ) : (
        <DecisionButtons
          busy={busy}
          onApprove={() => void act('approve')}
          onReject={() => setRejecting(true)}
        />
      )}
    </article>
  )
}
