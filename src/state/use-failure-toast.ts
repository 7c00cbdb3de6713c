// A screen whose data failed to load says so in a toast, once per failure (the screen still shows its own empty or
// error state in place).
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { pushToastAtom } from './toast.atoms'

export function useFailureToast(failure: unknown, text: string) {
  const toast = useSetAtom(pushToastAtom)
  useEffect(() => {
    if (failure) toast({ kind: 'error', text })
  }, [failure, text, toast])
}
