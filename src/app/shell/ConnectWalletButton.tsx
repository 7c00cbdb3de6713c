import { lazy, Suspense, useState } from 'react'
import { buttonClass } from '../../components/button'
import { ClusterBadge } from '../../components/ClusterBadge'

// The sheet and the sign-in code load on the first tap, not with every page's first screen.
const ConnectWalletSheet = lazy(() => import('./ConnectWalletSheet'))

/** Navbar 'Connect Wallet' (with the network off the local ledger): pick a wallet, then the login flow. */
export function ConnectWalletButton() {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  return (
    <>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        Connect Wallet
        <ClusterBadge />
      </button>
      {used && (
        <Suspense fallback={null}>
          <ConnectWalletSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
