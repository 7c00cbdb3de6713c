// One request at a time behind a button (delete, flag, review, approve): busy while it runs; a failure is logged
// and told in a toast, and handed back so that the screen can say more (e.g. the server's reason beside a field).
// A failure the screen tells in its own words (`toldHere`, e.g. a flag refused by code) gets no toast.
import { useSetAtom } from 'jotai'
import { useCallback, useState } from 'react'
import { pushToastAtom } from './toast.atoms'

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown }

export function useRequest() {
  const toast = useSetAtom(pushToastAtom)
  const [busy, setBusy] = useState(false)
  const send = useCallback(
    async <T>(
      request: () => Promise<T>,
      failed: string,
      toldHere: (error: unknown) => boolean = () => false,
    ): Promise<Outcome<T>> => {
      setBusy(true)
      try {
        return { ok: true, value: await request() }
      } catch (error) {
        console.warn(failed, error)
        if (!toldHere(error)) toast({ kind: 'error', text: failed })
        return { ok: false, error }
      } finally {
        setBusy(false)
      }
    },
    [toast],
  )
  return { busy, send }
}
