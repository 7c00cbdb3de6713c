import { Link } from 'react-router-dom'
import { buttonClass } from './button'
import styles from './Page.module.css'
import own from './ComingSoon.module.css'

/** A screen that a later release builds: it names the feature and never shows made-up data. */
export function ComingSoon({ feature, description }: { feature: string; description: string }) {
  return (
    <main className={styles.centered}>
      <div className={own.badge} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" strokeLinecap="round" />
        </svg>
      </div>
      <span className={styles.eyebrow}>Coming soon</span>
      <h1>{feature}</h1>
      <p className={styles.lead}>{description}</p>
      <p className={own.note}>
        This part of Lifeline is on its way. Everything you see here will be real, on-chain data.
      </p>
      <Link className={buttonClass('secondary')} to="/">
        Back to home
      </Link>
    </main>
  )
}
