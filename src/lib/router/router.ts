// The app's router: which routes the location selects, with each route's code loaded before it renders. A
// navigation loads the next page's code first and then moves (the current page stays on screen meanwhile, as
// with React Router's data routers), so the first render of a page is always the page itself: the server's
// markup is hydrated by the same tree (src/main.tsx waits for `initialized`).
import { flatten, matchBranch, type Params } from './match'
import { browserHistory, type History, memoryHistory, pathOf } from './history'
import type { LazyRoute, Location, NavigationType, RouteObject } from './types'

export interface RouterState {
  location: Location
  /** How the location was reached: a new entry, a replaced one, or back/forward. */
  navigationType: NavigationType
  /** The routes from the root to the page (empty when nothing matches). */
  matches: RouteObject[]
  params: Params
  /** False until the first location's code has loaded. */
  initialized: boolean
  /** A route's code that failed to load (offline, a new deployment): shown by the nearest errorElement. */
  error?: unknown
}

export interface NavigateOptions {
  replace?: boolean
}

export interface Router {
  readonly state: RouterState
  subscribe(listener: (state: RouterState) => void): () => void
  /** To a path (absolute, or relative to the current one, `?query` included), or back/forward by a number. */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>
  /** The element each route renders once its code has loaded. */
  loaded(route: RouteObject): LazyRoute | undefined
  /** Settles once the first location's code has loaded (or failed to). */
  ready(): Promise<void>
}

export function createRouter(routes: RouteObject[], history: History): Router {
  const branches = flatten(routes)
  const loadedRoutes = new Map<RouteObject, LazyRoute>()
  const listeners = new Set<(state: RouterState) => void>()
  let state: RouterState = {
    location: history.location,
    navigationType: 'pop',
    matches: [],
    params: {},
    initialized: false,
  }
  let pending = 0

  const publish = (next: RouterState) => {
    state = next
    listeners.forEach((listener) => listener(state))
  }

  /** Loads the code of the location `move` leads to, then moves; a newer navigation meanwhile wins. Moves at once
   * when that code is already here. */
  const go = (type: NavigationType, target: string, move: () => void): Promise<void> => {
    const navigation = ++pending
    const match = matchBranch(branches, new URL(target, 'http://router.invalid').pathname)
    const commit = (error?: unknown) => {
      if (navigation !== pending) return
      move()
      publish({
        location: history.location,
        navigationType: type,
        matches: match?.routes ?? [],
        params: match?.params ?? {},
        initialized: true,
        error,
      })
    }
    const missing = (match?.routes ?? []).filter((route) => route.lazy && !loadedRoutes.has(route))
    if (missing.length === 0) {
      commit()
      return Promise.resolve()
    }
    const loads = missing.map(async (route) => void loadedRoutes.set(route, await route.lazy!()))
    return Promise.all(loads).then(() => commit(), commit)
  }

  history.listen(() => void go('pop', pathOf(history.location), () => undefined))
  const first = go('pop', pathOf(history.location), () => undefined)

  return {
    get state() {
      return state
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to)
        return Promise.resolve()
      }
      const target = pathOf(new URL(to, `http://router.invalid${pathOf(state.location)}`))
      const type = options.replace ? 'replace' : 'push'
      return go(type, target, () => history[type](target))
    },
    loaded: (route) => (route.lazy ? loadedRoutes.get(route) : { element: route.element }),
    ready: () => first,
  }
}

export const createBrowserRouter = (routes: RouteObject[]) => createRouter(routes, browserHistory())

export const createMemoryRouter = (routes: RouteObject[], options: { initialEntries?: string[] } = {}) =>
  createRouter(routes, memoryHistory(options.initialEntries))
