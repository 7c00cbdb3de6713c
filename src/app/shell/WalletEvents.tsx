// What the app does when the user changes something in the wallet itself (decided in
// docs/decisions/004-wallets.md). Loaded with the wallet stack, the only source of these events:
// - a logged-in user's wallet switches account → 'Wallet switched! Please login again.', logout, /login;
// - any other wallet change or disconnect → clear storage, reset auth, 'Wallet changed. Please reconnect.', /;
// - the wallet reconnects after a reload with a stored wallet but no token → automatic login.
import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { MOBILE_WALLET_ADAPTER, useSignIn } from '../../features/auth/useSignIn'
import { MSG } from '../../sign-in/sign-in-messages'
import { logoutAtom } from '../../sign-in/sign-in.steps'
import { resetAuthAtom, tokenAtom, walletAtom, walletConnectedAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { walletEventAtom } from '../../state/wallet.atoms'

export default function WalletEvents() {
  const store = useStore()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const event = useAtomValue(walletEventAtom)
  const logout = useSetAtom(logoutAtom)
  const toast = useSetAtom(pushToastAtom)
  const signIn = useSignIn()
  const resetAtHome = useRef(false)

  useEffect(() => {
    if (!event) return
    const stored = store.get(walletAtom)
    const token = store.get(tokenAtom)
    const switched = event.address !== null && stored !== null && event.address !== stored
    if (event.kind === 'restored' && !switched) {
      // /register runs its own check-then-login; a second sign-in there would ask for two signatures.
      const auto =
        !token &&
        store.get(walletConnectedAtom) &&
        event.walletName !== MOBILE_WALLET_ADAPTER &&
        pathname !== '/register'
      if (auto) void signIn({ redirect: null, auto: true })
      return
    }
    if (switched && token) {
      toast({ kind: 'info', text: MSG.walletSwitched })
      void logout().then(() => navigate('/login'))
      return
    }
    if (event.kind === 'disconnected' && !stored) return
    toast({ kind: 'info', text: MSG.walletChanged })
    // Home first, the reset once home is on screen (the effect below): reset earlier, a guarded page would send
    // the user to /login before the navigation (a transition) is shown.
    resetAtHome.current = true
    if (pathname === '/') store.set(resetAuthAtom)
    else navigate('/')
  }, [event])

  useEffect(() => {
    if (!resetAtHome.current || pathname !== '/') return
    resetAtHome.current = false
    store.set(resetAuthAtom)
  }, [pathname, store])

  return null
}
