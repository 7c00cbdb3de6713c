// The create and edit pages' submit (useSubmit): busy while saving, a toast either way and the failure under the form.
import { useSetAtom } from 'jotai'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
import type { EmergencySubmit } from './EmergencyForm'

export function useSaveEmergency<V extends EmergencySubmit, T>(
  text: { ok: string; failed: string },
  save: (values: V) => Promise<T>,
  onSaved: (result: T) => void,
) {
  const toast = useSetAtom(pushToastAtom)
  const { busy, failure, submit: send } = useSubmit()

  const submit = async (values: V) => {
    const outcome = await send(() => save(values), { failed: text.failed })
    if (!outcome?.ok) return
    toast({ kind: 'success', text: text.ok })
    onSaved(outcome.value)
  }
  return { busy, serverError: failure, submit }
}
