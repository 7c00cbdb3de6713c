// Installing the app: Chrome's deferred beforeinstallprompt on Android and desktop
// (caught by install-listener.ts), the Share → Add to Home Screen steps on iOS Safari, nothing once the app runs
// installed. Loaded with the banner or the account sheet, not with the first screen.
import { atom } from 'jotai'
import { isIosSafari, isStandalone } from '../../../lib/display-mode'
import { DEVICE_KEY_PREFIX } from '../../../state/storage'
import { deferredPromptAtom, installedAtom } from './install-listener'

/** Survives logout (the device prefix): a dismissed banner stays dismissed on this device. */
export const INSTALL_DISMISSED_KEY = `${DEVICE_KEY_PREFIX}install-dismissed`

export type InstallWay = 'prompt' | 'ios'

/** How this browser installs the app now, or null (already installed, or nothing to offer). */
export const installWayAtom = atom<InstallWay | null>((get) => {
  if (get(installedAtom) || isStandalone()) return null
  if (get(deferredPromptAtom)) return 'prompt'
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0) ? 'ios' : null
})

const dismissedBaseAtom = atom(
  typeof localStorage !== 'undefined' && localStorage.getItem(INSTALL_DISMISSED_KEY) === '1',
)
export const installDismissedAtom = atom(
  (get) => get(dismissedBaseAtom),
  (_get, set) => {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '1')
    set(dismissedBaseAtom, true)
  },
)

/** Shows Chrome's install dialog; resolves true when the user installed. The event is single-use. */
export const promptInstallAtom = atom(null, async (get, set) => {
  const event = get(deferredPromptAtom)
  if (!event) return false
  set(deferredPromptAtom, null)
  await event.prompt()
  const { outcome } = await event.userChoice
  if (outcome === 'accepted') set(installedAtom, true)
  return outcome === 'accepted'
})
