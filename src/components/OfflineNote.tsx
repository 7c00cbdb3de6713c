// Why a button that needs the network is disabled while the device is offline.
import { useOnline } from '../lib/use-online'
import styles from './OfflineNote.module.css'

/** Renders `You are offline: {action} needs a connection.` while offline, nothing online. */
export function OfflineNote({ action, id }: { action: string; id?: string }) {
  const online = useOnline()
  if (online) return null
  return (
    <p id={id} className={styles.note} role="status">
      You are offline: {action} needs a connection.
    </p>
  )
}
