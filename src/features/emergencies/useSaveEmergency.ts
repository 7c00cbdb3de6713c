// The create and edit pages' submit: busy while saving, a toast either way and the server's message under the form.
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { pushToastAtom } from '../../state/toast.atoms'
import type { EmergencySubmit } from './EmergencyForm'

export function useSaveEmergency<V extends EmergencySubmit, T>(
  text: { ok: string; failed: string },
  label: string,
  save: (values: V) => Promise<T>,
  onSaved: (result: T) => void,
) {
  const toast = useSetAtom(pushToastAtom)
  const [busy, setBusy] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)

  const submit = async (values: V) => {
    setBusy(true)
    setServerError(null)
    try {
      const result = await save(values)
      toast({ kind: 'success', text: text.ok })
      onSaved(result)
    } catch (error) {
      console.warn(label, error)
      toast({ kind: 'error', text: text.failed })
      setServerError(error instanceof ApiError ? error.message : text.failed)
    } finally {
      setBusy(false)
    }
  }
  return { busy, serverError, submit }
}
