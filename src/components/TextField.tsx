// One labelled text field of the airdrop forms: an input (or a textarea), an optional hint and the field error.
// `describedError` ties the error to the control (aria-describedby) for screen readers.
import type { InputHTMLAttributes } from 'react'
import ui from './Ui.module.css'

export type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>

export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  multiline = false,
  hint,
  describedError = false,
  ...control
}: ControlProps & {
  id: string
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
  multiline?: boolean
  hint?: string
  describedError?: boolean
}) {
  const errorId = describedError && error ? `${id}-error` : undefined
  const shared = {
    id,
    value,
    'aria-invalid': Boolean(error),
    'aria-describedby': errorId,
  }
  return (
    <div className={ui.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...(control as object)} {...shared} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...control} {...shared} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && <span className={ui.hint}>{hint}</span>}
      {error && (
        <span id={errorId} className={ui.fieldError}>
          {error}
        </span>
      )}
    </div>
  )
}
