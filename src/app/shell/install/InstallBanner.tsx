// The install offer: Chrome's own dialog behind 'Install' (Android, desktop), or on iOS Safari a sheet with the
// two taps it takes. 'Not now' is remembered on this device.
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../../components/button'
import { installDismissedAtom, installWayAtom, promptInstallAtom } from './install.atoms'
import { IosInstallSheet } from '../../../components/IosInstallSheet'
import styles from './Install.module.css'

export default function InstallBanner() {
  const way = useAtomValue(installWayAtom)
  const [dismissed, dismiss] = useAtom(installDismissedAtom)
  const promptInstall = useSetAtom(promptInstallAtom)
  const [sheetOpen, setSheetOpen] = useState(false)
  if (!way || dismissed) return null
  return (
    <aside className={styles.banner} aria-label="Install Lifeline">
      <img src="/icons/icon-192.png" alt="" width="40" height="40" className={styles.icon} />
      <p className={styles.text}>
        <strong>Install Lifeline</strong>
        <span>Open it from your home screen, even offline.</span>
      </p>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={() => (way === 'ios' ? setSheetOpen(true) : void promptInstall())}
      >
        {way === 'ios' ? 'How' : 'Install'}
      </button>
      <button type="button" className={styles.dismiss} aria-label="Not now" onClick={() => dismiss()}>
        ×
      </button>
      {way === 'ios' && <IosInstallSheet open={sheetOpen} onClose={() => setSheetOpen(false)} />}
    </aside>
  )
}
