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

const opts = { getOnInit: true } as const

export const walletAtom = atomWithStorage<string | null>(STORAGE_KEYS.wallet, null, rawStringStorage, opts)
export const walletConnectedAtom = atomWithStorage<string | null>(
  STORAGE_KEYS.walletConnected,
  null,
  rawStringStorage,
  opts,
)
export const walletTypeAtom = atomWithStorage<string | null>(
  STORAGE_KEYS.walletType,
  null,
  rawStringStorage,
  opts,
)
export const tokenAtom = atomWithStorage<string | null>(
  STORAGE_KEYS.accessToken,
  null,
  rawStringStorage,
  opts,
)
export const refreshTokenAtom = atomWithStorage<string | null>(
  STORAGE_KEYS.refreshToken,
  null,
  rawStringStorage,
  opts,
)
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
