// Global session behaviour: the session cannot be renewed → logout, home. Wallet changes are
// handled by WalletEvents, loaded once the wallet stack is (wallet events come only from there), so the
// sign-in code stays off the first screen.
import { useAtomValue, useSetAtom } from 'jotai'
import { lazy, Suspense, useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { logoutAtom } from '../../state/auth.actions'
import { SESSION_LOST_EVENT } from '../../state/api'
import { walletBridgeAtom, walletStackRequestedAtom } from '../../state/wallet.atoms'

const WalletEvents = lazy(() => import('./WalletEvents'))

export function SessionWatcher() {
  const navigate = useNavigate()
  const logout = useSetAtom(logoutAtom)
  const stackRequested = useAtomValue(walletStackRequestedAtom)
  const bridge = useAtomValue(walletBridgeAtom)

  useEffect(() => {
    const onLost = () => void logout().then(() => navigate('/'))
    window.addEventListener(SESSION_LOST_EVENT, onLost)
    return () => window.removeEventListener(SESSION_LOST_EVENT, onLost)
  }, [logout, navigate])

  if (!stackRequested && !bridge) return null
  return (
    <Suspense fallback={null}>
      <WalletEvents />
    </Suspense>
  )
}
