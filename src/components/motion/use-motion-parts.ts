// framer-motion is never on the first screen: its parts (motion-parts.tsx, with LazyMotion and `m`, and their
// features loaded after them) are fetched in idle time once a screen that can animate has mounted, and used from
// then on. Until they are here, sheets and toasts show with the CSS animations of their plain markup.
import { useEffect, useState } from 'react'
import { whenIdle } from '../../lib/when-idle'
import type * as Parts from './motion-parts'

export type MotionParts = typeof Parts

let loaded: MotionParts | null = null
let loading: Promise<MotionParts> | null = null

function loadMotionParts(): Promise<MotionParts> {
  loading ??= import('./motion-parts').then((parts) => (loaded = parts))
  return loading
}

/** The motion parts once loaded (null before); the first caller starts loading them in idle time. */
export function useMotionParts(): MotionParts | null {
  const [parts, setParts] = useState(loaded)
  useEffect(() => {
    if (parts) return
    let live = true
    whenIdle(() => void loadMotionParts().then((done) => live && setParts(done)))
    return () => {
      live = false
    }
  }, [parts])
  return parts
}
