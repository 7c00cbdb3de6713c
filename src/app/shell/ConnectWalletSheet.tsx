// The navbar's wallet sheet: the wallet picked signs in (register after 2 s when unknown) and comes back here.
import { useLocation } from 'react-router-dom'
import { useSignIn } from '../../features/auth/useSignIn'
import { WalletModal } from '../../wallet/WalletModal'

export default function ConnectWalletSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useLocation()
  const signIn = useSignIn()
  return (
    <WalletModal
      open={open}
      onClose={onClose}
      onSelect={(name) => {
        onClose()
        void signIn({ walletName: name, redirect: location.pathname + location.search })
      }}
    />
  )
}
