// Registers the service worker once the page has loaded and offers new versions with a prompt, never a silent reload.
import { useAtom } from 'jotai'
import { useEffect } from 'react'
import { buttonClass } from '../../components/button'
import { updateAvailableAtom } from '../../state/connectivity.atoms'
import styles from './Banner.module.css'
import { keepAssetsForOffline } from './offline-assets'
import { whenIdle } from '../../lib/when-idle'

export function UpdatePrompt() {
  const [update, setUpdate] = useAtom(updateAvailableAtom)

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    // After the page has loaded and the browser is idle: the registration code and the worker's own downloads
    // never compete with the first screen.
    const registerWorker = () =>
      void import('virtual:pwa-register').then(({ registerSW }) => {
        const updateSW = registerSW({
          onNeedRefresh: () => setUpdate({ reload: () => void updateSW(true) }),
        })
        void navigator.serviceWorker.ready.then(({ active }) => active && keepAssetsForOffline(active))
      })
    const register = () => whenIdle(registerWorker)
    if (document.readyState === 'complete') register()
    else window.addEventListener('load', register, { once: true })
    return () => window.removeEventListener('load', register)
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
