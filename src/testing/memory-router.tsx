// A router in memory around components under test that read or move the location (hooks, links), without routes.
import { type ReactNode, useState, useSyncExternalStore } from 'react'
import { createMemoryRouter } from '../lib/router'
import { RouterContext, StateContext } from '../lib/router/RouterProvider'

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[]
  children: ReactNode
}) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries }))
  const state = useSyncExternalStore(router.subscribe, () => router.state)
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </RouterContext.Provider>
  )
}
