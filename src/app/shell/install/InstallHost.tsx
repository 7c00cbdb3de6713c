// Offers installing once the user has moved to a second screen (never over the first paint). The banner, which
// decides whether there is anything to offer and whether it was dismissed, loads only then.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from '../../../lib/router'

const InstallBanner = lazy(() => import('./InstallBanner'))

export function InstallHost() {
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)
  const [engaged, setEngaged] = useState(false)

  useEffect(() => {
    if (pathname !== firstPath.current) setEngaged(true)
  }, [pathname])

  // Where the bottom of the screen belongs to a task (the sticky Donate bar, the chat's send box).
  const busyScreen = /^\/(donate|chat)\//.test(pathname)
  if (!engaged || busyScreen) return null
  return (
    <Suspense fallback={null}>
      <InstallBanner />
    </Suspense>
  )
}
