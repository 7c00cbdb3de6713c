// /admin and /admin/flagged show /unauthorized to anyone who is not an admin (user.is_admin from users/me/).
// The shell loads the user at sign-in only, so after a reload this loads it once.
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, type ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import page from '../../components/Page.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { loadUserAtom } from '../../state/auth.actions'
import { authStatusAtom, tokenAtom, userAtom } from '../../state/auth.atoms'

export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom)
  const user = useAtomValue(userAtom)
  const status = useAtomValue(authStatusAtom)
  const load = useSetAtom(loadUserAtom)

  useEffect(() => {
    if (token && !user && status !== 'loading-user') void load()
    // load once per missing user; status changes while loading must not start a second request
  }, [token, user, load])

  if (!token || (user && !user.is_admin) || (!user && status === 'failed'))
    return <Navigate to="/unauthorized" replace />
  if (!user)
    return (
      <main className={page.page} aria-busy="true" aria-label="Checking access">
        <SkeletonBlock height={240} />
      </main>
    )
  return children
}
