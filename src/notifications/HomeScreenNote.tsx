// iOS shows web notifications only in the app added to the home screen: says so, with Safari's two steps.
import { useState } from 'react'
import { IosInstallSheet } from '../components/IosInstallSheet'
import { NOTIFY_TEXT } from './notification-text'
import styles from './Notifications.module.css'

export function HomeScreenNote({ iosSafari }: { iosSafari: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <div className={styles.note} role="status">
      <p>
        <strong>{NOTIFY_TEXT.homeScreen}</strong>{' '}
        {iosSafari ? NOTIFY_TEXT.homeScreenSafari : NOTIFY_TEXT.homeScreenOther}
      </p>
      {iosSafari && (
        <>
          <button type="button" className={styles.noteAction} onClick={() => setOpen(true)}>
            {NOTIFY_TEXT.homeScreenHow}
          </button>
          <IosInstallSheet open={open} onClose={() => setOpen(false)} />
        </>
      )}
    </div>
  )
}
