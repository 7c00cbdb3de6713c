// Registers the service worker after first paint and offers new versions with a prompt, never a silent reload.
import { useAtom } from 'jotai'
import { useEffect } from 'react'
import { buttonClass } from '../../components/button'
import { updateAvailableAtom } from '../../state/connectivity.atoms'
import styles from './Banner.module.css'

export function UpdatePrompt() {
  const [update, setUpdate] = useAtom(updateAvailableAtom)

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const updateSW = registerSW({
        onNeedRefresh: () => setUpdate({ reload: () => void updateSW(true) }),
      })
    })
  }, [setUpdate])

  if (!update) return null
  return (
    <div className={`${styles.banner} ${styles.update}`} role="status">
      <span>A new version is available</span>
      <button type="button" className={buttonClass('primary')} onClick={update.reload}>
        Reload
      </button>
    </div>
  )
}
