// Online or offline, from the browser's connectivity events. The server renders online, and so does the app's first
// render over a server's markup: hydration, of a page the service worker kept for offline too, and of each Suspense
// boundary hydrated after the shell has mounted. React then renders again with the browser's state.
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
