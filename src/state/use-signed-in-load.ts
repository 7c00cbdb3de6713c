// A read of the signed-in user's own (their unread counts), kept fresh while the tab shows: nothing is read while
// signed out, and the data is null then.
import { useAtomValue } from 'jotai'
import { type Load, useLoad } from '../lib/use-load'
import { tokenAtom } from './auth.atoms'

export function useSignedInLoad<T>(load: Load<T>, key: string, refreshMs: number) {
  const signedIn = useAtomValue(tokenAtom) !== null
  const { data, reload } = useLoad(load, key, { enabled: signedIn, refreshMs })
  return { data: signedIn ? data : null, reload }
}
