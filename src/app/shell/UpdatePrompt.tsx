// Registers the service worker once the page has loaded and offers new versions with a prompt, never a silent reload.
import { useAtom } from 'jotai'
import { useEffect } from 'react'
import { buttonClass } from '../../components/button'
import { updateAvailableAtom } from '../../state/connectivity.atoms'
import { whenIdle } from '../../lib/when-idle'
import styles from './Banner.module.css'

export function UpdatePrompt() {
  const [update, setUpdate] = useAtom(updateAvailableAtom)

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    const registerWorker = () =>
      void import('../../service-worker/register').then(({ registerServiceWorker }) =>
        registerServiceWorker((reload) => setUpdate({ reload })),
      )
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
