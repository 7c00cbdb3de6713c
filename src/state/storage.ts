// The spec's browser storage keys and a raw-string storage for jotai's atomWithStorage.
import { createJSONStorage } from 'jotai/utils'

export const STORAGE_KEYS = {
  wallet: 'wallet',
  walletConnected: 'wallet_connected',
  walletType: 'wallet_type',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const

/** Plain strings, not JSON, so the keys hold exactly what the spec names (a wallet address, a JWT). */
export const rawStringStorage = createJSONStorage<string | null>(() => ({
  getItem: (key) => {
    // Rendered in Node (src/prerender): no storage, what a first visit has.
    if (typeof localStorage === 'undefined') return null
    const value = localStorage.getItem(key)
    return value === null ? null : JSON.stringify(value)
  },
  setItem: (key, value) => {
    const parsed = JSON.parse(value) as string | null
    if (parsed === null) localStorage.removeItem(key)
    else localStorage.setItem(key, parsed)
  },
  removeItem: (key) => localStorage.removeItem(key),
}))

/** Keys under this prefix survive a logout: the Sandbox wallet's test keypair (docs/decisions/004-wallets.md). */
export const DEVICE_KEY_PREFIX = 'lifeline.device.'

/** Logout and wallet changes clear local storage, except this device's sandbox test key. */
export function clearLocalStorage(): void {
  const kept = Object.keys(localStorage)
    .filter((key) => key.startsWith(DEVICE_KEY_PREFIX))
    .map((key) => [key, localStorage.getItem(key) ?? ''] as const)
  localStorage.clear()
  for (const [key, value] of kept) localStorage.setItem(key, value)
}
