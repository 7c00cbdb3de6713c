import { useSyncExternalStore } from 'react'

/**
 * Whether the media query matches, kept up to date. `onServer` is what the server's render assumes (and the app's
 * first render over it, so the markup matches): the phone's layout, which a wider screen then completes.
 */
export function useMediaQuery(query: string, onServer = false): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    () => window.matchMedia(query).matches,
    () => onServer,
  )
}

/** Phone widths: bottom sheets, stacked toasts. */
export const PHONE_WIDTH = '(max-width: 599px)'
