import { useOnline } from '../../lib/use-online'
import styles from './Banner.module.css'

export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <div className={`${styles.banner} ${styles.offline}`} role="status">
      You are offline. Showing what this device saved; sending SOL needs a connection.
    </div>
  )
}
