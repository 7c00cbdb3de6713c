// Logout that lands where it says. The page is left first and the session cleared once the next page is shown:
// cleared first, a guarded page (e.g. /dashboard) would send the visitor to /login?redirect=… on its own, and
// with lazy route modules that redirect can overtake the navigation to `to`. This device's push subscription goes
// before the session does (notifications/this-device.ts), within a few seconds so a slow network never holds the
// logout.
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { SENT_ENDPOINT_KEY } from '../../notifications/device-support'
import { logoutAtom } from '../../sign-in/sign-in.steps'

const FORGET_DEVICE_MS = 3000

async function forgetThisDevice(): Promise<void> {
  // A device that never handed the server a subscription has nothing to forget: its logout loads nothing more.
  if (!localStorage.getItem(SENT_ENDPOINT_KEY)) return
  const forgotten = import('../../notifications/this-device').then((device) => device.turnOffHere())
  let timer = 0
  const waited = new Promise<void>((done) => (timer = window.setTimeout(done, FORGET_DEVICE_MS)))
  await Promise.race([forgotten, waited]).catch((error: unknown) =>
    console.warn('push subscription not removed at logout', error),
  )
  window.clearTimeout(timer)
}

export function useLogout(): (to: string) => Promise<void> {
  const logout = useSetAtom(logoutAtom)
  const navigate = useNavigate()
  return useCallback(
    async (to: string) => {
      await navigate(to)
      await forgetThisDevice()
      await logout()
    },
    [logout, navigate],
  )
}
