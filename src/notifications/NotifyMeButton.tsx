// "Notify me of updates" for one emergency: a tap turns notifications on for this device (the permission prompt
// then, never on load) and follows the emergency; pressed, a tap stops following it. Signed out, it leads to login
// and back; in iOS Safari it says that notifications need the app on the home screen. Self-contained: the donate
// page shows it beside Share, and the thank-you state after a donation may show it too.
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { buttonClass, type ButtonVariant } from '../components/button'
import { fetchFollowing, followEmergency, unfollowEmergency } from '../lib/push.api'
import { useLoad } from '../lib/use-load'
import { authApi } from '../state/api'
import { tokenAtom } from '../state/auth.atoms'
import { pushToastAtom } from '../state/toast.atoms'
import { deviceSupport } from './device-support'
import { HomeScreenNote } from './HomeScreenNote'
import { failureText, NOTIFY_TEXT } from './notification-text'
import { useThisDevice } from './use-this-device'
import styles from './Notifications.module.css'

const BELL =
  'M12 3a6 6 0 0 0-6 6v3.6L4.3 15.3A1 1 0 0 0 5.1 17h13.8a1 1 0 0 0 .8-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0h-5Z'

export function NotifyMeButton({
  emergencyId,
  variant = 'secondary',
}: {
  emergencyId: number
  variant?: ButtonVariant
}) {
  const signedIn = useAtomValue(tokenAtom) !== null
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const device = useThisDevice()
  const [working, setWorking] = useState(false)
  const [homeScreen, setHomeScreen] = useState<{ iosSafari: boolean } | null>(null)
  const following = useLoad(
    async (signal) => (await fetchFollowing(authApi, emergencyId, signal)).following,
    `following-${emergencyId}`,
    { enabled: signedIn },
  )
  const on = signedIn && following.data === true && device.state === 'on'

  // Runs from the tap up to the permission prompt without an await (device.turnOn asks at once).
  const start = async () => {
    const support = deviceSupport()
    if (support.kind === 'needs-home-screen') return setHomeScreen({ iosSafari: support.iosSafari })
    if (support.kind === 'unsupported') return toast({ kind: 'info', text: NOTIFY_TEXT.unsupported })
    if (!signedIn) {
      toast({ kind: 'info', text: NOTIFY_TEXT.signIn })
      return navigate(`/login?redirect=${encodeURIComponent(pathname)}`)
    }
    if ((await device.turnOn()) === 'denied') return toast({ kind: 'error', text: NOTIFY_TEXT.denied })
    following.setData((await followEmergency(authApi, emergencyId)).following)
    toast({ kind: 'success', text: NOTIFY_TEXT.following })
  }

  const stop = async () => {
    following.setData((await unfollowEmergency(authApi, emergencyId)).following)
    toast({ kind: 'success', text: NOTIFY_TEXT.stopped })
  }

  const tap = () => {
    setWorking(true)
    ;(on ? stop() : start())
      .catch((error: unknown) => {
        console.warn('notify me failed', error)
        toast({ kind: 'error', text: failureText(error) })
      })
      .finally(() => setWorking(false))
  }

  return (
    <div className={styles.notify}>
      <button
        type="button"
        className={on ? `${buttonClass(variant)} ${styles.on}` : buttonClass(variant)}
        aria-pressed={on}
        disabled={working || device.busy}
        onClick={tap}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d={BELL} fill="currentColor" />
        </svg>
        {NOTIFY_TEXT.button}
        {on && <span aria-hidden="true">✓</span>}
      </button>
      {homeScreen && <HomeScreenNote iosSafari={homeScreen.iosSafari} />}
    </div>
  )
}
