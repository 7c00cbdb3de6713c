// Why a button that needs the network is disabled while the device is offline.
import { useAtomValue } from 'jotai'
import { isOnlineAtom } from '../state/connectivity.atoms'
import styles from './OfflineNote.module.css'

/** Renders `You are offline: {action} needs a connection.` while offline, nothing online. */
export function OfflineNote({ action, id }: { action: string; id?: string }) {
  const online = useAtomValue(isOnlineAtom)
  if (online) return null
  return (
    <p id={id} className={styles.note} role="status">
      You are offline: {action} needs a connection.
    </p>
  )
}
