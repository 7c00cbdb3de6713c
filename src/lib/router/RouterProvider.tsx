// Renders the router's routes: each route's element, with the next route's inside its <Outlet />, and a route's
// errorElement in its place when its code failed to load or something below it threw while rendering.
import { Component, createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react'
import type { Router, RouterState } from './router'
import type { RouteObject } from './types'

export const RouterContext = createContext<Router | null>(null)
export const StateContext = createContext<RouterState | null>(null)
const OutletContext = createContext<ReactNode>(null)
export const RouteErrorContext = createContext<unknown>(undefined)

export function useRouter(): Router {
  const router = useContext(RouterContext)
  if (!router) throw new Error('a router hook is used outside <RouterProvider>')
  return router
}

export function useRouterState(): RouterState {
  const state = useContext(StateContext)
  if (!state) throw new Error('a router hook is used outside <RouterProvider>')
  return state
}

/** Where a route renders the route below it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>
}

interface BoundaryProps {
  fallback: ReactNode
  /** A new location clears a caught error (the visitor moved on). */
  locationKey: string
  children: ReactNode
}

class RouteErrorBoundary extends Component<BoundaryProps, { error?: unknown; key: string }> {
  state: { error?: unknown; key: string } = { key: this.props.locationKey }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error?: unknown; key: string }) {
    return props.locationKey === state.key ? null : { error: undefined, key: props.locationKey }
  }

  render() {
    if (this.state.error === undefined) return this.props.children
    return (
      <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>
    )
  }
}

function renderMatches(router: Router, state: RouterState): ReactNode {
  const { matches, error, location } = state
  // The deepest route with an errorElement above a failed load shows it, in place of itself and all below.
  let failedAt = -1
  if (error !== undefined) matches.forEach((route, index) => route.errorElement && (failedAt = index))
  let outlet: ReactNode = null
  for (let index = matches.length - 1; index >= 0; index--) {
    const route: RouteObject = matches[index]!
    const loaded = router.loaded(route)
    const own = loaded?.Component ? <loaded.Component /> : (loaded?.element ?? <Outlet />)
    let element: ReactNode =
      index === failedAt ? (
        <RouteErrorContext.Provider value={error}>{route.errorElement}</RouteErrorContext.Provider>
      ) : (
        <OutletContext.Provider value={outlet}>{own}</OutletContext.Provider>
      )
    if (route.errorElement && index !== failedAt)
      element = (
        <RouteErrorBoundary fallback={route.errorElement} locationKey={location.key}>
          {element}
        </RouteErrorBoundary>
      )
    outlet = element
  }
  return outlet
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  )
  // Nothing until the first location's code has loaded (the app waits for it before its first render).
  const content = useMemo(() => (state.initialized ? renderMatches(router, state) : null), [router, state])
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>{content}</StateContext.Provider>
    </RouterContext.Provider>
  )
}
