import { useAtomValue } from 'jotai'
import { isOnlineAtom } from '../../state/connectivity.atoms'
import styles from './Banner.module.css'

export function OfflineBanner() {
  const online = useAtomValue(isOnlineAtom)
  if (online) return null
  return (
    <div className={`${styles.banner} ${styles.offline}`} role="status">
      You are offline. Showing what this device saved; sending SOL needs a connection.
    </div>
  )
}
