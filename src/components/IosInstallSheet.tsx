// iOS Safari has no install prompt: the app is added from the Share menu. Two taps, shown with Safari's glyphs.
// Opened by the install offer (app/shell/install) and where a feature needs the installed app (notifications).
import { buttonClass } from './button'
import { Modal } from './Modal'
import styles from './IosInstallSheet.module.css'

const SHARE = 'M12 3 8 7l1.4 1.4L11 6.8V15h2V6.8l1.6 1.6L16 7l-4-4ZM6 10v10h12V10h-3V8h5v14H4V8h5v2H6Z'
const ADD =
  'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v14h14V5H5Zm6 3h2v3h3v2h-3v3h-2v-3H8v-2h3V8Z'

const Glyph = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className={styles.glyph}>
    <path d={d} fill="currentColor" />
  </svg>
)

export function IosInstallSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="Add to Home Screen" open={open} onClose={onClose}>
      <ol className={styles.steps}>
        <li>
          <Glyph d={SHARE} />
          <span>
            Tap <strong>Share</strong> in Safari’s toolbar.
          </span>
        </li>
        <li>
          <Glyph d={ADD} />
          <span>
            Choose <strong>Add to Home Screen</strong>, then Add.
          </span>
        </li>
      </ol>
      <button type="button" className={buttonClass('primary', { block: true })} onClick={onClose}>
        Done
      </button>
    </Modal>
  )
}
