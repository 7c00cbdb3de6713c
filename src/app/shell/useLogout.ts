// Logout that lands where it says. The page is left first and the session cleared once the next page is shown:
// cleared first, a guarded page (e.g. /dashboard) would send the visitor to /login?redirect=… on its own, and
// with lazy route modules that redirect can overtake the navigation to `to`.
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { logoutAtom } from '../../sign-in/sign-in.steps'

export function useLogout(): (to: string) => Promise<void> {
  const logout = useSetAtom(logoutAtom)
  const navigate = useNavigate()
  return useCallback(
    async (to: string) => {
      await navigate(to)
      await logout()
    },
    [logout, navigate],
  )
}
