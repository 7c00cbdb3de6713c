// Online/offline, from the browser's connectivity events. Online until the first mount has read the browser's
// state: the server renders online, and the app's first render over that markup (hydration, e.g. of a page the
// service worker kept for offline) must draw the same, then says offline in its next render.
import { atom } from 'jotai'

const onlineBaseAtom = atom(true)

export const isOnlineAtom = atom((get) => get(onlineBaseAtom))

onlineBaseAtom.onMount = (set) => {
  const update = () => set(navigator.onLine)
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  update()
  return () => {
    window.removeEventListener('online', update)
    window.removeEventListener('offline', update)
  }
}

/** Set when the service worker has a new version waiting; holds the function that activates it. */
export const updateAvailableAtom = atom<null | { reload: () => void }>(null)
