// The thank-you the dashboard shows after a donation (state/just-donated.atoms.ts): "Notify me of updates" for the
// emergency just helped, or "Not now". Gone once answered or when the dashboard is left.
import { useAtom } from 'jotai'
import { useEffect } from 'react'
import { buttonClass } from '../components/button'
import { justDonatedAtom } from '../state/just-donated.atoms'
import { NOTIFY_TEXT } from './notification-text'
import { NotifyMeButton } from './NotifyMeButton'
import styles from './Notifications.module.css'

export function DonatedThanks() {
  const [donated, setDonated] = useAtom(justDonatedAtom)
  useEffect(() => () => setDonated(null), [setDonated])
  if (!donated) return null
  return (
    <section className={styles.thanks} aria-labelledby="donated-thanks">
      <h2 id="donated-thanks">{NOTIFY_TEXT.thanksTitle}</h2>
      <p>{NOTIFY_TEXT.thanksOffer}</p>
      <div className={styles.thanksActions}>
        <NotifyMeButton emergencyId={donated.emergencyId} variant="primary" />
        <button type="button" className={buttonClass('ghost')} onClick={() => setDonated(null)}>
          {NOTIFY_TEXT.notNow}
        </button>
      </div>
    </section>
  )
}
