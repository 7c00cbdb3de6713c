// Where the page is scrolled after a move: back or forward (or a reload) returns to where that entry was left, a
// link to `#id` shows that element, any other new page starts at the top. Positions are kept per history entry,
// in sessionStorage over a reload, read only when a position is needed that this page has not kept itself (the
// first read of sessionStorage costs a first visit's start a few milliseconds of main thread).
import { useLayoutEffect, useRef } from 'react'
import { useRouter, useRouterState } from './RouterProvider'

const STORAGE_KEY = 'lifeline-scroll-positions'

type Positions = Record<string, number>

function storedPositions(): Positions {
  try {
    return (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Positions) ?? {}
  } catch {
    return {}
  }
}

/** Whether this document was reached by a reload or by back/forward (it may have left positions behind). */
const returned = () => {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return navigation?.type === 'reload' || navigation?.type === 'back_forward'
}

export function ScrollRestoration() {
  const router = useRouter()
  const { location, navigationType } = useRouterState()
  const positions = useRef<Positions>({})
  const stored = useRef(false)
  /** This page's positions, with the stored ones under them once one is needed. */
  const kept = () => {
    if (!stored.current) positions.current = { ...storedPositions(), ...positions.current }
    stored.current = true
    return positions.current
  }
  const first = useRef(true)

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual'
    // The router announces a move before the next page renders: the page on screen is still the one left.
    let shown = router.state.location.key
    const leave = router.subscribe((state) => {
      if (state.location.key === shown) return
      positions.current[shown] = window.scrollY
      shown = state.location.key
    })
    const save = () => {
      const all = kept()
      all[shown] = window.scrollY
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all))
    }
    window.addEventListener('pagehide', save)
    return () => {
      leave()
      window.removeEventListener('pagehide', save)
      window.history.scrollRestoration = 'auto'
    }
  }, [router])

  // Once per location (a render of the same page keeps its scroll), after the new page is in the document.
  useLayoutEffect(() => {
    const firstLocation = first.current
    first.current = false
    if (navigationType === 'pop') {
      if (firstLocation && !returned()) return
      const saved = positions.current[location.key] ?? kept()[location.key]
      if (saved !== undefined) window.scrollTo(0, saved)
      return
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
    if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [location.key, location.hash, navigationType])

  return null
}
