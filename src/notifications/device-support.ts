// What this device can do about notifications, known without asking anything, and the one question it asks. Kept
// apart from the rest (this-device.ts, loaded when needed) because the donate page's first screen carries it.
import { isIos, isIosSafari, isStandalone } from '../lib/display-mode'

/** The endpoint this device last handed the server (cleared at logout with the session's other keys). */
export const SENT_ENDPOINT_KEY = 'lifeline.push-endpoint'

/**
 * 'needs-home-screen': iOS shows web notifications only in an app added to the home screen (16.4+);
 * 'ios-safari' says whether Safari's own steps (Share → Add to Home Screen) apply.
 */
export type DeviceSupport =
  { kind: 'supported' } | { kind: 'needs-home-screen'; iosSafari: boolean } | { kind: 'unsupported' }

export function deviceSupport(): DeviceSupport {
  const touch = navigator.maxTouchPoints ?? 0
  if (isIos(navigator.userAgent, touch) && !isStandalone())
    return { kind: 'needs-home-screen', iosSafari: isIosSafari(navigator.userAgent, touch) }
  const capable =
    'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined'
  return capable ? { kind: 'supported' } : { kind: 'unsupported' }
}

/**
 * The browser's permission prompt. Call it first thing in a tap's handler, before any other await: Safari shows
 * it only while it can tie the call to the tap. Never on load.
 */
export const askPermission = (): Promise<NotificationPermission> =>
  Notification.permission === 'default'
    ? Notification.requestPermission()
    : Promise.resolve(Notification.permission)
