// The time relative times are told from ("5 minutes ago"). The server renders a page at one moment and the app
// takes its markup over later, when the words may differ: the app's first render over that markup (hydration)
// tells the times from the moment the server rendered (the page carries it, src/first-screen/hydration.ts), so
// the markup matches; React then renders again with the browser's time. After that it moves on every 30 s.
import { useSyncExternalStore } from 'react'

const TICK_MS = 30_000

let renderedAt = 0
let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

/** The moment the server rendered the page (set by the server's render, and by the app from the page it takes over). */
export function setRenderedAt(time: number): void {
  renderedAt = time
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (listeners.size === 1) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      listeners.forEach((notify) => notify())
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) clearInterval(timer)
  }
}

/** Now, in milliseconds: the server's render moment while the app takes the server's markup over, then the browser's. */
export const useNow = (): number =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => renderedAt || now,
  )
