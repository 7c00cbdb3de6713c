import { useAtomValue } from 'jotai'
import { isOnlineAtom } from '../../state/connectivity.atoms'
import styles from './Banner.module.css'

export function OfflineBanner() {
  const online = useAtomValue(isOnlineAtom)
  if (online) return null
  return (
    <div className={`${styles.banner} ${styles.offline}`} role="status">
      You are offline. Lists show what was saved on this device; sending SOL needs a connection.
    </div>
  )
}
