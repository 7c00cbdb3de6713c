// Offers installing once the user has moved to a second screen (never over the first paint): in the app, or by a
// link of ours followed before the app had taken the first page over (a page load whose referrer is one of our
// pages). The banner, which decides whether there is anything to offer and whether it was dismissed, loads only then.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

const InstallBanner = lazy(() => import('./InstallBanner'))

function cameFromAnotherPageOfOurs(): boolean {
  if (!document.referrer) return false
  const from = new URL(document.referrer)
  return from.origin === location.origin && from.pathname !== location.pathname
}

export function InstallHost() {
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)
  const [engaged, setEngaged] = useState(false)

  useEffect(() => {
    if (pathname !== firstPath.current || cameFromAnotherPageOfOurs()) setEngaged(true)
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
