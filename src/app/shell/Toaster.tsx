import { useAtomValue, useSetAtom } from 'jotai'
import { dismissToastAtom, toastsAtom } from '../../state/toast.atoms'
import styles from './Toaster.module.css'

/** Toasts, top-right, each for 4 seconds. Errors are alerts, the rest polite status messages. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  return (
    <div className={styles.region} aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`${styles.toast} ${styles[toast.kind]}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{toast.text}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss"
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
