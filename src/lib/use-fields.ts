// A form's values and its fields' errors, the other half of a form beside useSubmit (src/state/use-submit.ts): a
// field's error goes once the field changes (no 'required' under a filled field), and `check` shows what the
// form's rules found, true when nothing.
import { useCallback, useState } from 'react'

export type FieldErrors<V> = Partial<Record<keyof V, string>>

export function useFields<V extends object>(initial: () => V) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<V>>({})
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((held) => ({ ...held, [key]: value }))
    setErrors((held) => ({ ...held, [key]: undefined }))
  }, [])
  const check = (found: FieldErrors<V>) => {
    setErrors(found)
    return Object.keys(found).length === 0
  }
  return { values, errors, set, check }
}
