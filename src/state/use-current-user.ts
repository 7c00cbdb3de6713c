// The signed-in user (users/me/: is_admin, kyc.status). The shell loads it at sign-in only, so after a reload
// screens that need it load it once here (one request shared by every screen asking at the same time, and
// none while the shell's own sign-in load is still running).
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { loadUserAtom } from '../sign-in/sign-in.steps'
import { authStatusAtom, tokenAtom, userAtom, type User } from './auth.atoms'

let inflight: Promise<void> | null = null

export function useCurrentUser(): User | null {
  const token = useAtomValue(tokenAtom)
  const user = useAtomValue(userAtom)
  const status = useAtomValue(authStatusAtom)
  const load = useSetAtom(loadUserAtom)
  useEffect(() => {
    if (!token || user || inflight || status === 'loading-user') return
    inflight = load().finally(() => {
      inflight = null
    })
    // load once per missing user; status changes while loading must not start a second request
  }, [load, token, user])
  return user
}
