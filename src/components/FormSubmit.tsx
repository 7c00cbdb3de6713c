// The end of the airdrop forms: the submit failure (if any) above the full-width primary submit button.
import { buttonClass } from './button'
import ui from './Ui.module.css'

export function FormSubmit(props: {
  failure: string | null
  busy: boolean
  label: string
  busyLabel: string
}) {
  return (
    <>
      {props.failure && (
        <p className={ui.alert} role="alert">
          {props.failure}
        </p>
      )}
      <button type="submit" className={buttonClass('primary', { block: true })} disabled={props.busy}>
        {props.busy ? props.busyLabel : props.label}
      </button>
    </>
  )
}
