// The guard on /create, /edit/:id, /dashboard, the airdrop account screens and every /admin screen: route
// protection is by token presence; the /admin screens then check the role (RequireAdmin).
import { useAtomValue } from 'jotai'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { tokenAtom } from '../state/auth.atoms'

export function RequireAuth() {
  const token = useAtomValue(tokenAtom)
  const location = useLocation()
  if (!token) {
    const redirect = encodeURIComponent(location.pathname + location.search)
    return <Navigate to={`/login?redirect=${redirect}`} replace />
  }
  return <Outlet />
}
