// The session history the router moves through: the browser's (window.history, one key per entry kept in the
// entry's state) or one in memory (tests, and the server's renders).
import type { Location } from './types'

export interface History {
  readonly location: Location
  push(path: string): void
  replace(path: string): void
  go(delta: number): void
  /** Called after a back or forward move (not after push or replace); returns the unsubscribe. */
  listen(onPop: () => void): () => void
}

const newKey = () => Math.random().toString(36).slice(2, 10)

function parsePath(path: string, key: string): Location {
  const url = new URL(path, 'http://router.invalid')
  return { pathname: url.pathname, search: url.search, hash: url.hash, key }
}

export const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`

interface EntryState {
  key?: string
}

export function browserHistory(): History {
  const keyOf = () => (window.history.state as EntryState | null)?.key
  // The first entry gets its key in place, keeping whatever state it had.
  if (!keyOf()) window.history.replaceState({ ...(window.history.state ?? {}), key: newKey() }, '')
  const current = () => parsePath(pathOf(window.location), keyOf() ?? '')
  let location = current()
  const move = (method: 'pushState' | 'replaceState', path: string) => {
    window.history[method]({ key: newKey() }, '', path)
    location = current()
  }
  return {
    get location() {
      return location
    },
    push: (path) => move('pushState', path),
    replace: (path) => move('replaceState', path),
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      const popped = () => {
        location = current()
        onPop()
      }
      window.addEventListener('popstate', popped)
      return () => window.removeEventListener('popstate', popped)
    },
  }
}

export function memoryHistory(initialEntries: string[] = ['/']): History {
  const entries = initialEntries.map((path) => parsePath(path, newKey()))
  let index = entries.length - 1
  const listeners = new Set<() => void>()
  return {
    get location() {
      return entries[index]!
    },
    push(path) {
      entries.splice(index + 1, entries.length, parsePath(path, newKey()))
      index += 1
    },
    replace(path) {
      entries[index] = parsePath(path, newKey())
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1)
      if (next === index) return
      index = next
      listeners.forEach((listener) => listener())
    },
    listen(onPop) {
      listeners.add(onPop)
      return () => listeners.delete(onPop)
    },
  }
}
