// Shows the sign-in progress and the last error in words.
import { useAtomValue } from 'jotai'
import { authErrorAtom, authStatusAtom, type AuthStatus } from '../../state/auth.atoms'
import styles from './Auth.module.css'

const progress: Partial<Record<AuthStatus, string>> = {
  connecting: 'Connecting to your wallet…',
  'checking-wallet': 'Checking your wallet…',
  'logging-in': 'Approve the sign-in message in your wallet…',
  registering: 'Approve the registration message in your wallet…',
  reconnecting: 'Reconnecting your wallet…',
  'loading-user': 'Loading your profile…',
}

export function AuthStatusNote() {
  const status = useAtomValue(authStatusAtom)
  const error = useAtomValue(authErrorAtom)
  if (status === 'failed' && error)
    return (
      <p className={styles.error} role="alert">
        {error}
      </p>
    )
  const text = status ? progress[status] : undefined
  if (!text) return null
  return (
    <p className={styles.progress} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {text}
    </p>
  )
}

export const busyStatuses: ReadonlySet<AuthStatus> = new Set([
  'connecting',
  'checking-wallet',
  'logging-in',
  'registering',
  'reconnecting',
])
