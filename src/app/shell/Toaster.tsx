import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useMotionParts } from '../../components/motion/use-motion-parts'
import { PHONE_WIDTH, useMediaQuery } from '../../lib/use-media-query'
import { dismissToastAtom, toastsAtom } from '../../state/toast.atoms'
import styles from './Toaster.module.css'

/** Toasts, top-right, each for 4 seconds. Errors are alerts, the rest polite status messages. They move with
 * framer-motion once it has loaded (components/motion), with CSS before. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  const parts = useMotionParts()
  const phone = useMediaQuery(PHONE_WIDTH, true)
  const [expanded, setExpanded] = useState(false)
  const items = toasts.map((toast) => ({
    id: toast.id,
    className: `${styles.toast} ${styles[toast.kind]}`,
    role: toast.kind === 'error' ? ('alert' as const) : ('status' as const),
    content: (
      <>
        <span>{toast.text}</span>
        <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
          ×
        </button>
      </>
    ),
  }))
  const spread = { onFocus: () => setExpanded(true), onBlur: () => setExpanded(false) }
  return (
    <div
      className={`${styles.region} ${parts ? styles.moving : ''}`}
      aria-live="polite"
      onPointerEnter={() => setExpanded(true)}
      onPointerLeave={() => setExpanded(false)}
      {...spread}
    >
      {parts ? (
        <parts.ToastStack toasts={items} stacked={phone} expanded={expanded} />
      ) : (
        items.map((item) => (
          <div key={item.id} className={item.className} role={item.role}>
            {item.content}
          </div>
        ))
      )}
    </div>
  )
}
