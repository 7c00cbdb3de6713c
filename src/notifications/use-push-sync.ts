// Keeps this device's subscription handed to the server while signed in (this-device.ts `syncThisDevice`): once
// the browser is idle after start, and whenever the service worker had to subscribe again. Nothing loads on a
// device that never turned notifications on.
import { useEffect } from 'react'
import { PUSH_RESUBSCRIBED } from '../service-worker/push-notice'
import { whenIdle } from '../lib/when-idle'
import { SENT_ENDPOINT_KEY } from './device-support'

function sync() {
  if (!localStorage.getItem(SENT_ENDPOINT_KEY)) return
  import('./this-device')
    .then((device) => device.syncThisDevice())
    .catch((error: unknown) => console.warn('push subscription not synced', error))
}

export function usePushSync(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || !('serviceWorker' in navigator)) return
    whenIdle(sync)
    const onMessage = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type === PUSH_RESUBSCRIBED) sync()
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [signedIn])
}
