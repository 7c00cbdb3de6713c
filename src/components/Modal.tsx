import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { PHONE_WIDTH, useMediaQuery } from '../lib/use-media-query'
import { useMotionParts } from './motion/use-motion-parts'
import styles from './Modal.module.css'

/**
 * An accessible modal dialog: labelled by its title, Escape, the backdrop and × close it, focus moves inside. On a
 * phone it is a bottom sheet that follows the finger and closes when dragged down (framer-motion, loaded in idle
 * time: components/motion); an opening that starts before that has loaded shows the plain sheet.
 * Rendered into <body>: the sticky header's backdrop-filter would otherwise trap a fixed overlay inside it.
 */
export function Modal({
  title,
  open,
  onClose,
  children,
}: {
  title: string
  open: boolean
  onClose: () => void
  children: ReactNode
}) {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const parts = useMotionParts()
  // Phones get a bottom sheet that a downward swipe closes; wider screens a centred dialog.
  const phone = useMediaQuery(PHONE_WIDTH, true)
  // An opening keeps the frame it started with: the motion parts arriving meanwhile never redraw its content.
  const [openedPlain, setOpenedPlain] = useState(false)
  if (open && !parts && !openedPlain) setOpenedPlain(true)
  if (!open && openedPlain) setOpenedPlain(false)

  // The latest onClose, read when Escape is pressed: a parent that re-renders (each key typed into the dialog's
  // field) passes a new function, and focus must move in once per opening, not back out on every keystroke.
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    if (!open) return
    const previous = document.activeElement as HTMLElement | null
    panel.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close.current()
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
  }, [open])

  const dialog = { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, tabIndex: -1 }
  const head = (
    <div className={styles.head}>
      <h2 id={titleId}>{title}</h2>
      <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  )
  if (parts && !openedPlain)
    return createPortal(
      <parts.SheetMotion
        open={open}
        onClose={onClose}
        draggable={phone}
        panelRef={panel}
        backdropClass={styles.backdrop}
        panelClass={styles.panel}
        handleClass={styles.handle}
        dialog={dialog}
        head={head}
      >
        {children}
      </parts.SheetMotion>,
      document.body,
    )
  if (!open) return null
  return createPortal(
    <div
      className={`${styles.backdrop} ${styles.plain}`}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div ref={panel} className={`${styles.panel} ${styles.plain}`} {...dialog}>
        <div className={styles.handle}>{head}</div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
