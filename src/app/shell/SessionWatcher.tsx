// Global session behaviour: the session cannot be renewed → logout, home; while signed in, this device's push
// subscription stays handed to the server (notifications/use-push-sync.ts). Wallet changes are
// handled by WalletEvents, loaded once the wallet stack is (wallet events come only from there), so the
// sign-in code stays off the first screen.
import { useAtomValue } from 'jotai'
import { lazy, Suspense, useEffect } from 'react'
import { usePushSync } from '../../notifications/use-push-sync'
import { SESSION_LOST_EVENT } from '../../state/api'
import { tokenAtom } from '../../state/auth.atoms'
import { walletBridgeAtom, walletStackRequestedAtom } from '../../state/wallet.atoms'
import { useLogout } from './useLogout'

const WalletEvents = lazy(() => import('./WalletEvents'))

export function SessionWatcher() {
  const logout = useLogout()
  const stackRequested = useAtomValue(walletStackRequestedAtom)
  const bridge = useAtomValue(walletBridgeAtom)
  usePushSync(useAtomValue(tokenAtom) !== null)

  useEffect(() => {
    const onLost = () => void logout('/')
    window.addEventListener(SESSION_LOST_EVENT, onLost)
    return () => window.removeEventListener(SESSION_LOST_EVENT, onLost)
  }, [logout])

  if (!stackRequested && !bridge) return null
  return (
    <Suspense fallback={null}>
      <WalletEvents />
    </Suspense>
  )
}
