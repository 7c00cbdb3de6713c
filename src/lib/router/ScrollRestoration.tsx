// Where the page is scrolled after a move: back or forward (or a reload) returns to where that entry was left, a
// link to `#id` shows that element, any other new page starts at the top. Positions are kept per history entry,
// in sessionStorage over a reload.
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

export function ScrollRestoration() {
  const router = useRouter()
  const { location, navigationType } = useRouterState()
  const positions = useRef<Positions | null>(null)

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual'
    const kept = (positions.current = storedPositions())
    // The router announces a move before the next page renders: the page on screen is still the one left.
    let shown = router.state.location.key
    const leave = router.subscribe((state) => {
      if (state.location.key === shown) return
      kept[shown] = window.scrollY
      shown = state.location.key
    })
    const save = () => {
      kept[shown] = window.scrollY
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept))
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
    const saved = positions.current?.[location.key]
    if (navigationType === 'pop') {
      if (saved !== undefined) window.scrollTo(0, saved)
      return
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
    if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [location.key, location.hash, navigationType])

  return null
}
