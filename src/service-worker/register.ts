// Registers the service worker (workbox-window) once the page has loaded and the browser is idle: its code and
// its precache downloads never compete with the first screen. A new version waits until the visitor accepts the
// prompt (`onUpdate`), never a silent reload mid-signature.
import { Workbox } from 'workbox-window'
import { keepAssetsForOffline } from './offline-assets'

/** `onUpdate` receives the function that activates the waiting version and reloads. */
export function registerServiceWorker(onUpdate: (activate: () => void) => void): void {
  const workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () =>
    onUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload())
      workbox.messageSkipWaiting()
    }),
  )
  void workbox
    .register()
    .then(() => navigator.serviceWorker.ready)
    .then(({ active }) => {
      if (active) keepAssetsForOffline(active)
    })
}
