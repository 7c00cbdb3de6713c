// Admin screens show /unauthorized to anyone who is not an admin (user.is_admin from users/me/).
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import page from '../../components/Page.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { useCurrentUser } from '../../components/useCurrentUser'
import { tokenAtom } from '../../state/auth.atoms'

export function AdminOnly({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom)
  const user = useCurrentUser()
  if (!token || (user && !user.is_admin)) return <Navigate to="/unauthorized" replace />
  if (!user)
    return (
      <main className={page.page} aria-busy="true" aria-label="Checking access">
        <SkeletonBlock height={240} />
      </main>
    )
  return children
}
