// /admin and /admin/flagged show /unauthorized to anyone who is not an admin (user.is_admin from users/me/).
// The shell loads the user at sign-in only, so after a reload useCurrentUser loads it once.
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import page from '../../components/Page.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { useCurrentUser } from '../../components/useCurrentUser'
import { authStatusAtom, tokenAtom } from '../../state/auth.atoms'

export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom)
  const user = useCurrentUser()
  const status = useAtomValue(authStatusAtom)

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
