// Which routes a path selects. The route tree is flattened into branches (the routes from the root to one that
// can match), each with the pattern its paths add up to, and ranked as React Router ranks them: more segments,
// static before `:param` before `*`, an index route before its parent, so the most specific branch wins
// whatever the order of definition (ties keep that order).
import type { RouteObject } from './types'

export type Params = Record<string, string>

export interface BranchMatch {
  /** The routes from the root to the one matched, each rendered in its parent's <Outlet />. */
  routes: RouteObject[]
  params: Params
}

interface Branch {
  routes: RouteObject[]
  segments: string[]
  score: number
}

const SPLAT = '*'
const isParam = (segment: string) => segment.startsWith(':')

function score(segments: string[], index: boolean): number {
  let total = segments.length + (index ? 2 : 0) + (segments.includes(SPLAT) ? -2 : 0)
  for (const segment of segments) if (segment !== SPLAT) total += isParam(segment) ? 3 : 10
  return total
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/** Every branch of the tree, most specific first. */
export function flatten(routes: RouteObject[]): Branch[] {
  const branches: Branch[] = []
  const walk = (level: RouteObject[], parents: RouteObject[], parentSegments: string[]) => {
    for (const route of level) {
      const chain = [...parents, route]
      const segments = [...parentSegments, ...segmentsOf(route.path ?? '')]
      if (route.children) walk(route.children, chain, segments)
      // A route without a path is a layout: it matches only through its children.
      if (route.path !== undefined || route.index)
        branches.push({ routes: chain, segments, score: score(segments, route.index === true) })
    }
  }
  walk(routes, [], [])
  // Array.prototype.sort is stable: equal scores keep the order of definition.
  return branches.sort((a, b) => b.score - a.score)
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The params of `pathname` under a branch's pattern, or undefined when it does not match. */
function matchSegments(pattern: string[], pathname: string): Params | undefined {
  const parts = segmentsOf(pathname)
  const params: Params = {}
  for (const [index, segment] of pattern.entries()) {
    if (segment === SPLAT) {
      params[SPLAT] = parts.slice(index).map(decode).join('/')
      return params
    }
    const part = parts[index]
    if (part === undefined) return undefined
    if (isParam(segment)) params[segment.slice(1)] = decode(part)
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return undefined
  }
  return parts.length === pattern.length ? params : undefined
}

/** The most specific branch that matches `pathname`. */
export function matchBranch(branches: Branch[], pathname: string): BranchMatch | undefined {
  for (const branch of branches) {
    const params = matchSegments(branch.segments, pathname)
    if (params) return { routes: branch.routes, params }
  }
  return undefined
}
