import { useState } from 'react'
import { useLocation } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { useSignIn } from '../../features/auth/useSignIn'
import { WalletModal } from '../../wallet/WalletModal'

/** Navbar 'Connect Wallet': pick a wallet, then the login flow (register after 2 s when unknown). */
export function ConnectWalletButton() {
  const [open, setOpen] = useState(false)
  const location = useLocation()
  const signIn = useSignIn()
  return (
    <>
      <button type="button" className={buttonClass('primary')} onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      <WalletModal
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(name) => {
          setOpen(false)
          void signIn({ walletName: name, redirect: location.pathname + location.search })
        }}
      />
    </>
  )
}
