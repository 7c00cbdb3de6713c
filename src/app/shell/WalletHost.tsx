// Loads the wallet stack (adapters, web3.js) only when a screen asks for it, or after first paint when a wallet
// was connected earlier, so auto-login and account-change events work without weighing on the first screen.
import { useAtom } from 'jotai'
import { lazy, Suspense, useEffect } from 'react'
import { STORAGE_KEYS } from '../../state/storage'
import { walletStackRequestedAtom } from '../../state/wallet.atoms'
import { whenIdle } from '../../lib/when-idle'

const WalletStack = lazy(() => import('../../wallet/WalletStack'))

export function WalletHost() {
  const [requested, setRequested] = useAtom(walletStackRequestedAtom)

  useEffect(() => {
    if (requested || !localStorage.getItem(STORAGE_KEYS.walletConnected)) return
    whenIdle(() => setRequested(true))
  }, [requested, setRequested])

  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <WalletStack />
    </Suspense>
  )
}
