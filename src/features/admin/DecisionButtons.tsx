// The Approve / Reject pair of the admin rows (campaign payments, investment intents).
import { buttonClass } from '../../components/button'
import ui from '../../components/Ui.module.css'

export function DecisionButtons(props: { busy: boolean; onApprove: () => void; onReject?: () => void }) {
  return (
    <span className={ui.actions}>
      <button
        type="button"
        className={buttonClass('primary')}
        disabled={props.busy}
        onClick={props.onApprove}
      >
        Approve
      </button>
      {props.onReject && (
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={props.busy}
          onClick={props.onReject}
        >
          Reject
        </button>
      )}
    </span>
  )
}
