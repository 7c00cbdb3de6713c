import { type RefObject, useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { useMotionParts } from '../../components/motion/use-motion-parts'
import { TAB_PATHS } from './TabBar'

/** -1 when moving to a tab on the left, 1 to one on the right, 0 otherwise (a fade). */
function directionOf(from: string, to: string): number {
  const before = TAB_PATHS.indexOf(from)
  const after = TAB_PATHS.indexOf(to)
  return before < 0 || after < 0 ? 0 : Math.sign(after - before)
}

/** The page container animates in when the page changes (not on a new query of the same page, nor the first). */
export function usePageTransition(container: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation()
  const parts = useMotionParts()
  const shown = useRef(pathname)
  useLayoutEffect(() => {
    const from = shown.current
    shown.current = pathname
    if (from === pathname || !parts || !container.current) return
    parts.pageIn(container.current, directionOf(from, pathname))
  }, [pathname, parts, container])
}
