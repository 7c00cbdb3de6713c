// What a component reads from the router, and how it moves it.
import { useCallback, useContext, useMemo } from 'react'
import type { Params } from './match'
import type { NavigateOptions } from './router'
import { RouteErrorContext, useRouter, useRouterState } from './RouterProvider'
import type { Location } from './types'

export function useLocation(): Location {
  return useRouterState().location
}

export function useParams(): Params {
  return useRouterState().params
}

/** The same function for the router's whole life: effects may depend on it. */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  const router = useRouter()
  return router.navigate
}

/** The error an errorElement is shown for. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext)
}

type SearchInit = URLSearchParams | Record<string, string> | string

/** The location's query, and a navigation to another query on the same path. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search } = useLocation()
  const navigate = useNavigate()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString()
      void navigate(query ? `?${query}` : '?', options)
    },
    [navigate],
  )
  return [params, setParams]
}
