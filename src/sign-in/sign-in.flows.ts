// The sign-in sequences as pending flows: they survive a wallet deep link's round trip.
//   connect   → the wallet connects; the page that asked (/register) goes on from there;
//   sign-in   → connect when a wallet was chosen → check registration → unknown: toast, /register after 2 s →
//               sign the nonce message and log in (Android's Mobile Wallet Adapter waits for 'Direct Login');
//   register  → sign a nonce and register with the e-mail.
import { MSG } from './sign-in-messages'
import { checkWalletAtom, connectWalletAtom, loginAtom, registerAtom } from './sign-in.steps'
import { authErrorAtom, authStatusAtom } from '../state/auth.atoms'
import type { Runner } from '../flows/flow-runner'
import { pushToastAtom } from '../state/toast.atoms'
import { walletBridgeAtom } from '../state/wallet.atoms'

export const REGISTER_REDIRECT_DELAY_MS = 2000
export const MOBILE_WALLET_ADAPTER = 'Mobile Wallet Adapter'

export function registerPath(redirect: string | null) {
  return redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'
}

export interface ConnectInput {
  walletName: string
}

export interface SignInInput {
  /** A wallet picked in the modal; without it the connected wallet signs in ('Direct Login'). */
  walletName?: string
  /** Where to go after login; null stays on the current page. */
  redirect: string | null
  auto?: boolean
}

export interface RegisterInput {
  email: string
  redirect: string
}

export const runConnect: Runner<ConnectInput> = async ({ store, flow }) => {
  await store.set(connectWalletAtom, flow.input.walletName)
}

export const runSignIn: Runner<SignInInput> = async ({ store, flow, step }) => {
  const { walletName, redirect, auto } = flow.input
  const address = walletName
    ? await store.set(connectWalletAtom, walletName)
    : (store.get(walletBridgeAtom)?.address ?? null)
  if (!address) {
    if (!walletName) {
      store.set(authStatusAtom, 'failed')
      store.set(authErrorAtom, MSG.noWallet)
    }
    return
  }
  const registered = await store.set(checkWalletAtom, address)
  if (registered === null) return
  const toRegister = { to: registerPath(redirect), delayMs: REGISTER_REDIRECT_DELAY_MS }
  if (!registered) {
    store.set(authStatusAtom, 'failed')
    store.set(authErrorAtom, MSG.notRegistered)
    if (auto) return
    store.set(pushToastAtom, { kind: 'info', text: MSG.notRegisteredToast })
    return toRegister
  }
  if (walletName === MOBILE_WALLET_ADAPTER) {
    // Android Chrome blocks a second wallet intent without a fresh tap: sign-in waits for 'Direct Login'.
    return { to: redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login' }
  }
  const outcome = await store.set(loginAtom, { auto, memo: step })
  if (outcome === 'not-registered' && !auto) return toRegister
  if (outcome === 'logged-in' && redirect) return { to: redirect, replace: true }
}

export const runRegister: Runner<RegisterInput> = async ({ store, flow, step }) => {
  if (await store.set(registerAtom, { email: flow.input.email, memo: step }))
    return { to: flow.input.redirect, replace: true }
}
