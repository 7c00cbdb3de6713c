// The app's motion (framer-motion, loaded lazily: use-motion-parts.ts): bottom sheets that follow the finger and
// close on a downward swipe, the tab screens' transitions, and stacking toasts. `prefers-reduced-motion` turns all of it off:
// things appear and go at once, and a swipe still closes a sheet.
import {
  AnimatePresence,
  LazyMotion,
  m,
  type PanInfo,
  type Transition,
  useDragControls,
  useReducedMotion,
} from 'framer-motion'
import { animate } from 'framer-motion/dom/mini'
import type { PointerEvent, ReactNode, RefObject } from 'react'

const loadFeatures = () => import('./features').then((module) => module.default)

/** A swipe down past this many pixels, or faster than this many px/s, closes a sheet. */
export const SHEET_CLOSE_DISTANCE = 120
export const SHEET_CLOSE_VELOCITY = 600

const SPRING: Transition = { type: 'spring', stiffness: 420, damping: 38 }
const INSTANT: Transition = { duration: 0 }

function Motion({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      {children}
    </LazyMotion>
  )
}

export interface SheetProps {
  open: boolean
  onClose: () => void
  /** Phones: the panel is a bottom sheet that can be dragged down; wider screens: a centred dialog. */
  draggable: boolean
  panelRef: RefObject<HTMLDivElement | null>
  backdropClass?: string
  panelClass?: string
  handleClass?: string
  /** The panel's dialog attributes (role, labelling). */
  dialog: Record<string, string | number | boolean>
  /** The sheet's heading row: with the handle, where a drag starts (the body below scrolls). */
  head: ReactNode
  children: ReactNode
}

export function SheetMotion(props: SheetProps) {
  const {
    open,
    onClose,
    draggable,
    panelRef,
    backdropClass,
    panelClass,
    handleClass,
    dialog,
    head,
    children,
  } = props
  const reduced = useReducedMotion() ?? false
  const drag = useDragControls()
  const transition = reduced ? INSTANT : SPRING
  const startDrag = (event: PointerEvent) => draggable && drag.start(event)
  const dragged = (_event: unknown, { offset, velocity }: PanInfo) => {
    if (offset.y > SHEET_CLOSE_DISTANCE || velocity.y > SHEET_CLOSE_VELOCITY) onClose()
  }
  return (
    <Motion>
      <AnimatePresence>
        {open && (
          <m.div
            key="backdrop"
            className={backdropClass}
            initial={{ opacity: 0 }}
            animate={{ opacity: 1 }}
            exit={{ opacity: 0 }}
            transition={reduced ? INSTANT : { duration: 0.15 }}
            onClick={(event) => event.target === event.currentTarget && onClose()}
          >
            <m.div
              ref={panelRef}
              className={panelClass}
              {...dialog}
              initial={{ y: draggable ? '100%' : 16, opacity: draggable ? 1 : 0 }}
              animate={{ y: 0, opacity: 1 }}
              exit={{ y: draggable ? '100%' : 16, opacity: draggable ? 1 : 0 }}
              transition={transition}
              drag={draggable ? 'y' : false}
              dragListener={false}
              dragControls={drag}
              dragConstraints={{ top: 0, bottom: 0 }}
              dragElastic={{ top: 0, bottom: 1 }}
              onDragEnd={dragged}
              data-motion="sheet"
            >
              <div className={handleClass} onPointerDown={startDrag}>
                {head}
              </div>
              {children}
            </m.div>
          </m.div>
        )}
      </AnimatePresence>
    </Motion>
  )
}

/** A page coming in: a short slide from the side it was reached from (`direction`: -1 from the left, 1 from the
 * right, 0 a fade). Animated in place, so the page is never redrawn for it. */
export function pageIn(element: HTMLElement, direction: number): void {
  // A browser without Web Animations (and jsdom) shows the page without the slide.
  if (!('animate' in element) || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
  void animate(element, { opacity: [0, 1], x: [direction * 24, 0] }, { duration: 0.18, ease: 'easeOut' })
}

export interface StackedToast {
  id: number
  className?: string
  role: 'alert' | 'status'
  content: ReactNode
}

/**
 * Toasts that slide in, restack as one goes, and slide out. `stacked` (phones): a burst stacks into one card with
 * the older ones peeking behind it, so three of them take the room of one; `expanded` (the region hovered or
 * focused) spreads them out to read.
 */
export function ToastStack({
  toasts,
  stacked,
  expanded,
}: {
  toasts: StackedToast[]
  stacked: boolean
  expanded: boolean
}) {
  const reduced = useReducedMotion() ?? false
  const peek = (index: number) => {
    const depth = stacked && !expanded ? Math.min(toasts.length - 1 - index, 2) : 0
    // Phones stack them at the bottom (Toaster.module.css): the older ones peek above.
    return { y: depth * -8, scale: 1 - depth * 0.05 }
  }
  return (
    <Motion>
      <AnimatePresence initial={false}>
        {toasts.map((toast, index) => (
          <m.div
            key={toast.id}
            layout={!reduced}
            className={toast.className}
            role={toast.role}
            initial={reduced ? false : { opacity: 0, y: stacked ? 8 : -8 }}
            animate={{ opacity: 1, ...peek(index) }}
            exit={{ opacity: 0, x: reduced ? 0 : 40 }}
            transition={reduced ? INSTANT : SPRING}
          >
            {toast.content}
          </m.div>
        ))}
      </AnimatePresence>
    </Motion>
  )
}
