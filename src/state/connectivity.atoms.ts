import { atom } from 'jotai'

/** Set when the service worker has a new version waiting; holds the function that activates it. */
export const updateAvailableAtom = atom<null | { reload: () => void }>(null)
