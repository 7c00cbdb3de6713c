// The sign-in sequence shared by /login, the navbar's Connect Wallet and automatic login (spec §4 login flow):
// connect (when a wallet is chosen) → check registration → unknown: toast, /register after 2 s → sign and log in.
import { useSetAtom, useStore } from 'jotai'
import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { MSG } from '../../state/auth-messages'
import { checkWalletAtom, connectWalletAtom, loginAtom } from '../../state/auth.actions'
import { authErrorAtom, authStatusAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { walletBridgeAtom } from '../../state/wallet.atoms'

export const REGISTER_REDIRECT_DELAY_MS = 2000
export const MOBILE_WALLET_ADAPTER = 'Mobile Wallet Adapter'

export interface SignInRequest {
  /** A wallet picked in the modal; without it the connected wallet signs in ('Direct Login'). */
  walletName?: string
  /** Where to go after login; null stays on the current page. */
  redirect: string | null
  auto?: boolean
}

export function registerPath(redirect: string | null) {
  return redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'
}

export function useSignIn() {
  const store = useStore()
  const navigate = useNavigate()
  const connect = useSetAtom(connectWalletAtom)
  const check = useSetAtom(checkWalletAtom)
  const login = useSetAtom(loginAtom)
  const toast = useSetAtom(pushToastAtom)

  return useCallback(
    async ({ walletName, redirect, auto }: SignInRequest) => {
      const address = walletName ? await connect(walletName) : (store.get(walletBridgeAtom)?.address ?? null)
      if (!address) {
        if (!walletName) {
          store.set(authStatusAtom, 'failed')
          store.set(authErrorAtom, MSG.noWallet)
        }
        return
      }
      const registered = await check(address)
      if (registered === null) return
      const toRegister = () =>
        window.setTimeout(() => navigate(registerPath(redirect)), REGISTER_REDIRECT_DELAY_MS)
      if (!registered) {
        store.set(authStatusAtom, 'failed')
        store.set(authErrorAtom, MSG.notRegistered)
        if (auto) return
        toast({ kind: 'info', text: MSG.notRegisteredToast })
        toRegister()
        return
      }
      if (walletName === MOBILE_WALLET_ADAPTER) {
        // Android Chrome blocks a second wallet intent without a fresh tap: sign-in waits for 'Direct Login'.
        navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login')
        return
      }
      const outcome = await login({ auto })
      if (outcome === 'not-registered' && !auto) toRegister()
      if (outcome === 'logged-in' && redirect) navigate(redirect, { replace: true })
    },
    [check, connect, login, navigate, store, toast],
  )
}
