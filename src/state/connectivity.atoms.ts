// Online/offline, from the browser's connectivity events.
import { atom } from 'jotai'

const onlineBaseAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine)

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
