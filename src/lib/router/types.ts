// The shape of the app's route table (src/app/routes.tsx): the part of React Router's RouteObject we use.
import type { ComponentType, ReactNode } from 'react'

/** What a lazily loaded route gives: a component to render, or an element. */
export interface LazyRoute {
  Component?: ComponentType
  element?: ReactNode
}

export interface RouteObject {
  /** Relative to the parent's path; `:name` is a parameter, `*` the rest of the path. No path: a layout. */
  path?: string
  /** Matches the parent's path exactly. */
  index?: boolean
  element?: ReactNode
  /** The route's code, loaded before the route first renders (the previous page stays until it has). */
  lazy?: () => Promise<LazyRoute>
  children?: RouteObject[]
  /** Rendered instead of this route (layout included) when it, or a route below it, fails to load or render. */
  errorElement?: ReactNode
}

export interface Location {
  pathname: string
  search: string
  hash: string
  /** Unique per history entry: scroll positions are kept by it. */
  key: string
}

export type NavigationType = 'push' | 'replace' | 'pop'
