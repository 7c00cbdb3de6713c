// Auth state, backed by the spec's storage keys.
import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import type { Me } from '../../api-contract/users'
import { clearLocalStorage, rawStringStorage, STORAGE_KEYS } from './storage'

export type AuthStatus =
  | 'connecting'
  | 'connected'
  | 'logging-in'
  | 'logged-in'
  | 'registering'
  | 'checking-wallet'
  | 'wallet-checked'
  | 'reconnecting'
  | 'loading-user'
  | 'user-loaded'
  | 'failed'

export type User = Me

/** One stored text of the session (read at start-up, so a reload keeps the sign-in). */
const storedText = (key: string) =>
  atomWithStorage<string | null>(key, null, rawStringStorage, { getOnInit: true })

export const walletAtom = storedText(STORAGE_KEYS.wallet)
export const walletConnectedAtom = storedText(STORAGE_KEYS.walletConnected)
export const walletTypeAtom = storedText(STORAGE_KEYS.walletType)
export const tokenAtom = storedText(STORAGE_KEYS.accessToken)
export const refreshTokenAtom = storedText(STORAGE_KEYS.refreshToken)
export const userAtom = atom<User | null>(null)
export const authStatusAtom = atom<AuthStatus | null>(null)
export const authErrorAtom = atom<string | null>(null)

/** Logged in means a wallet and a token are both present. */
export const isLoggedInAtom = atom((get) => Boolean(get(walletAtom) && get(tokenAtom)))

/** Clears every auth atom and the whole local storage. */
export const resetAuthAtom = atom(null, (_get, set) => {
  set(walletAtom, null)
  set(walletConnectedAtom, null)
  set(walletTypeAtom, null)
  set(tokenAtom, null)
  set(refreshTokenAtom, null)
  set(userAtom, null)
  set(authStatusAtom, null)
  set(authErrorAtom, null)
  clearLocalStorage()
})
