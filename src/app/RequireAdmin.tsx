// The one guard of every /admin/* route, inside RequireAuth (a token is there): the screen renders only for an
// admin (user.is_admin from users/me/). Anyone else, or a user that could not be loaded, goes to /unauthorized;
// while the user loads, a skeleton holds the place.
import { useAtomValue } from 'jotai'
import { Navigate, Outlet } from 'react-router-dom'
import page from '../components/Page.module.css'
import { SkeletonBlock } from '../components/Skeleton'
import { authStatusAtom } from '../state/auth.atoms'
import { useCurrentUser } from '../state/use-current-user'

export function RequireAdmin() {
  const user = useCurrentUser()
  const status = useAtomValue(authStatusAtom)

  if ((user && !user.is_admin) || (!user && status === 'failed'))
    return <Navigate to="/unauthorized" replace />
  if (!user)
    return (
      <main className={page.page} aria-busy="true" aria-label="Checking access">
        <SkeletonBlock height={240} />
      </main>
    )
  return <Outlet />
}
