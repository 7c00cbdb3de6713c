// Sign-in steps: jotai write atoms (connect, check, log in, register). The sequences that can leave the
// page for a wallet app (deep links) run as pending flows (src/sign-in/sign-in.flows.ts); `memo` lets them keep the
// nonce message and the signature across the round trip, so a reload signs and posts the same message once.
import { atom, type Getter, type Setter } from 'jotai'
import { errorText, hasCode } from '../lib/error-text'
import * as users from '../lib/users.api'
import { api, authApi } from '../state/api'
import { connectErrorText, MSG } from './sign-in-messages'
import {
  authErrorAtom,
  authStatusAtom,
  refreshTokenAtom,
  resetAuthAtom,
  tokenAtom,
  userAtom,
  walletAtom,
  walletConnectedAtom,
  walletTypeAtom,
} from '../state/auth.atoms'
import { pushToastAtom } from '../state/toast.atoms'
import { walletBridgeAtom, walletFailureOf } from '../state/wallet.atoms'

export type LoginOutcome = 'logged-in' | 'not-registered' | 'failed' | 'cancelled'

/** Runs a step once per pending flow (src/state/pending-flow.ts `step`); outside a flow it just runs. */
export type Memo = <T>(name: string, run: () => Promise<T>) => Promise<T>
const noMemo: Memo = (_name, run) => run()

function fail(set: Setter, error: string, toast?: string) {
  set(authStatusAtom, 'failed')
  set(authErrorAtom, error)
  if (toast) set(pushToastAtom, { kind: 'error', text: toast })
}

/** The user closed our wallet prompt: back to where they were, nothing to report. */
function cancelled(set: Setter) {
  set(authStatusAtom, null)
  set(authErrorAtom, null)
}

/** A wallet's own text ('Phantom not connected.', a refused answer…) wins over the generic signing text. */
function signingError(error: unknown): Error {
  const failure = walletFailureOf(error)
  if (failure && failure.failure !== 'rejected' && failure.failure !== 'failed') return failure
  return new Error(MSG.signingFailed)
}

/** Nonce → the wallet signs the exact UTF-8 bytes of the server's message → bs58 signature. */
async function signNonce(get: Getter, address: string, memo: Memo) {
  const bridge = get(walletBridgeAtom)
  if (!bridge) throw new Error(MSG.walletNotConnected)
  const message = await memo(`message:${address}`, async () => (await users.fetchNonce(api, address)).message)
  const { default: bs58 } = await import('bs58')
  const signature = await memo(`signature:${address}`, async () => {
    try {
      return bs58.encode(await bridge.signMessage(new TextEncoder().encode(message)))
    } catch (error) {
      throw signingError(error)
    }
  })
  return { wallet_address: address, message, signature }
}

function storeTokens(set: Setter, tokens: { access: string; refresh: string }) {
  set(tokenAtom, tokens.access)
  set(refreshTokenAtom, tokens.refresh)
}

/** Connects the named wallet and stores it (wallet, wallet_connected, wallet_type). Resolves with the address. */
export const connectWalletAtom = atom(null, async (get, set, name: string): Promise<string | null> => {
  const bridge = get(walletBridgeAtom)
  if (!bridge) return null
  set(authStatusAtom, 'connecting')
  set(authErrorAtom, null)
  try {
    const address = await bridge.connect(name)
    if (get(walletAtom) !== address) {
      set(tokenAtom, null)
      set(refreshTokenAtom, null)
      set(userAtom, null)
    }
    set(walletAtom, address)
    set(walletConnectedAtom, 'true')
    set(walletTypeAtom, name)
    set(authStatusAtom, 'connected')
    set(pushToastAtom, { kind: 'success', text: MSG.connected })
    return address
  } catch (error) {
    if (walletFailureOf(error)?.failure === 'cancelled') cancelled(set)
    else fail(set, connectErrorText(name, error), MSG.connectFailed)
    return null
  }
})

/** GET users/check-wallet/: true, false, or null when the check itself failed. */
export const checkWalletAtom = atom(null, async (_get, set, address: string): Promise<boolean | null> => {
  set(authStatusAtom, 'checking-wallet')
  try {
    const { registered } = await users.checkWallet(api, address)
    set(authStatusAtom, 'wallet-checked')
    return registered
  } catch (error) {
    fail(set, errorText(error, MSG.checkFailed), MSG.checkFailed)
    return null
  }
})

/** Loads GET users/me/ into the user atom. */
export const loadUserAtom = atom(null, async (_get, set) => {
  set(authStatusAtom, 'loading-user')
  try {
    set(userAtom, await users.fetchMe(authApi))
    set(authStatusAtom, 'user-loaded')
  } catch (error) {
    fail(set, errorText(error, MSG.loginFailed))
  }
})

/** Signs in the connected wallet. `auto` marks the automatic login after a reload (its own success toast). */
export const loginAtom = atom(
  null,
  async (get, set, options: { auto?: boolean; memo?: Memo } = {}): Promise<LoginOutcome> => {
    const address = get(walletBridgeAtom)?.address ?? null
    if (!address) {
      fail(set, MSG.noWallet)
      return 'failed'
    }
    set(authStatusAtom, 'logging-in')
    set(authErrorAtom, null)
    try {
      storeTokens(set, await users.login(api, await signNonce(get, address, options.memo ?? noMemo)))
      set(walletAtom, address)
      set(authStatusAtom, 'logged-in')
      set(pushToastAtom, { kind: 'success', text: options.auto ? MSG.autoLoginOk : MSG.loginOk })
      void set(loadUserAtom)
      return 'logged-in'
    } catch (error) {
      if (walletFailureOf(error)?.failure === 'cancelled') {
        cancelled(set)
        return 'cancelled'
      }
      if (hasCode(error, 'wallet_not_registered')) {
        fail(set, MSG.notRegistered, MSG.notRegisteredToast)
        return 'not-registered'
      }
      fail(set, errorText(error, MSG.loginFailed), MSG.loginFailed)
      return 'failed'
    }
  },
)

/** Registers the connected wallet with an e-mail (the wallet proves ownership by signing the nonce). */
export const registerAtom = atom(
  null,
  async (get, set, { email, memo = noMemo }: { email: string; memo?: Memo }): Promise<boolean> => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      fail(set, MSG.invalidEmail)
      return false
    }
    const address = get(walletBridgeAtom)?.address ?? null
    if (!address) {
      fail(set, MSG.walletNotConnected)
      return false
    }
    set(authStatusAtom, 'registering')
    set(authErrorAtom, null)
    try {
      const signed = await signNonce(get, address, memo)
      storeTokens(set, await users.register(api, { ...signed, email: email.trim() }))
      set(walletAtom, address)
      set(authStatusAtom, 'logged-in')
      set(pushToastAtom, { kind: 'success', text: MSG.registered })
      void set(loadUserAtom)
      return true
    } catch (error) {
      if (walletFailureOf(error)?.failure === 'cancelled') cancelled(set)
      else fail(set, errorText(error, MSG.registerFailed), MSG.registerFailed)
      return false
    }
  },
)

/** Logout: revoke the refresh token, clear local storage and auth, disconnect the wallet. */
export const logoutAtom = atom(null, async (get, set) => {
  const refresh = get(refreshTokenAtom)
  if (refresh) users.logout(api, refresh).catch(() => undefined)
  set(resetAuthAtom)
  try {
    await get(walletBridgeAtom)?.disconnect()
  } catch {
    // the wallet may already be gone; storage and auth are cleared either way
  }
})
