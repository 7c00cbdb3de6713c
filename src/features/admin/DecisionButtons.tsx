// The Approve / Reject pair of the admin rows (campaign payments, investment intents, KYC submissions).
import { ActionButtons } from '../../components/ActionButtons'

export function DecisionButtons(props: { busy?: boolean; onApprove: () => void; onReject?: () => void }) {
  const { busy = false, onApprove, onReject } = props
  return (
    <ActionButtons
      actions={[
        { label: 'Approve', variant: 'primary', onClick: onApprove, disabled: busy },
        onReject && { label: 'Reject', onClick: onReject, disabled: busy },
      ]}
    />
  )
}
