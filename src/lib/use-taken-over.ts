import { useEffect, useState } from 'react'

/**
 * False in the server's markup and in the app's first render over it, true once the app has taken the page over.
 * A control that acts only through the app (a form whose submit handler pays) stays disabled until then: tapped in
 * the plain HTML, it would submit natively and reload the page, and a value typed into it before hydration would
 * be on screen but not in the app's state. The first render must draw the server's markup as it is (hydration),
 * so the change comes from an effect, in a second render.
 */
export function useTakenOver(): boolean {
  const [takenOver, setTakenOver] = useState(false)
  useEffect(() => setTakenOver(true), [])
  return takenOver
}
