// Renders the account sheet once it is first opened; its code loads then, not with the first screen.
import { useAtom } from 'jotai'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { accountSheetOpenAtom } from './account.atoms'

const AccountSheet = lazy(() => import('./AccountSheet'))

export function AccountHost() {
  const [open, setOpen] = useAtom(accountSheetOpenAtom)
  const [loaded, setLoaded] = useState(false)
  const { key } = useLocation()

  useEffect(() => {
    if (open) setLoaded(true)
  }, [open])
  // Following a link in the sheet closes it.
  useEffect(() => setOpen(false), [key, setOpen])

  if (!loaded) return null
  return (
    <Suspense fallback={null}>
      <AccountSheet open={open} onClose={() => setOpen(false)} />
    </Suspense>
  )
}
