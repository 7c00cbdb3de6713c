// The one way a form (or a button that sends) runs its request: busy while it runs, a second submit meanwhile
// ignored, and the failure kept as the text the form shows (errorText: the code's text or the server's words,
// else `failed`). A failure is logged and told in a toast (`failed`; with the reason too for a button that has no
// form to show it, `formless`), unless the screen tells it in its own place alone (`quiet`, e.g. a flag refused by
// its code, a KYC screen that toasts itself).
import { useSetAtom } from 'jotai'
import { useCallback, useRef, useState } from 'react'
import { errorText } from '../lib/error-text'
import { pushToastAtom } from './toast.atoms'

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown }

export interface SubmitOptions {
  /** the toast, and the failure text when the error has no words of its own */
  failed: string
  /** failures told only in the form: no toast */
  quiet?: boolean | ((error: unknown) => boolean)
  /** no form shows `failure` (a button that sends): the toast says why as well */
  formless?: boolean
}

export function useSubmit() {
  const toast = useSetAtom(pushToastAtom)
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  /** Runs `request`; undefined when another is still running (a double tap), else how it went. */
  const submit = useCallback(
    async <T>(request: () => Promise<T>, options: SubmitOptions): Promise<Outcome<T> | undefined> => {
      if (running.current) return undefined
      running.current = true
      setBusy(true)
      setFailure(null)
      try {
        return { ok: true, value: await request() }
      } catch (error) {
        console.warn(options.failed, error)
        const reason = errorText(error, options.failed)
        setFailure(reason)
        const { quiet = false, formless = false } = options
        const text = formless && reason !== options.failed ? `${options.failed} ${reason}` : options.failed
        if (!(typeof quiet === 'function' ? quiet(error) : quiet)) toast({ kind: 'error', text })
        return { ok: false, error }
      } finally {
        running.current = false
        setBusy(false)
      }
    },
    [toast],
  )
  return { busy, failure, setFailure, submit }
}
