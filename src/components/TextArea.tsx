// A labelled textarea (a comment, a reason): the label and the control only, so the form around it keeps its own
// layout and styles; the id that ties them is made here.
import { useId, type TextareaHTMLAttributes } from 'react'

export function TextArea({
  label,
  value,
  onChange,
  ...control
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea {...control} id={id} value={value} onChange={(event) => onChange(event.target.value)} />
    </>
  )
}
