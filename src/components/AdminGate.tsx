// Admin screens show /unauthorized to anyone who is not an admin (user.is_admin from users/me/) and a skeleton
// while the user loads. With `leaveOnFailedLoad` (/admin, /admin/flagged) a failed load also leads to /unauthorized.
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import page from './Page.module.css'
import { SkeletonBlock } from './Skeleton'
import { useCurrentUser } from './useCurrentUser'
import { authStatusAtom, tokenAtom } from '../state/auth.atoms'

export function AdminGate({
  children,
  leaveOnFailedLoad = false,
}: {
  children: ReactNode
  leaveOnFailedLoad?: boolean
}) {
  const token = useAtomValue(tokenAtom)
  const user = useCurrentUser()
  const status = useAtomValue(authStatusAtom)

  if (!token || (user && !user.is_admin) || (leaveOnFailedLoad && !user && status === 'failed'))
    return <Navigate to="/unauthorized" replace />
  if (!user)
    return (
      <main className={page.page} aria-busy="true" aria-label="Checking access">
        <SkeletonBlock height={240} />
      </main>
    )
  return children
}
