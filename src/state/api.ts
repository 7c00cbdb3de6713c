// The app's two API clients, wired to the auth atoms in the default jotai store.
import { getDefaultStore } from 'jotai'
import { createAuthClient, createPlainClient } from '../lib/api-client'
import { API_BASE } from '../lib/public-read'
import { refreshTokenAtom, tokenAtom } from './auth.atoms'

/** Fired when the session cannot be renewed; the shell logs out and goes home. */
export const SESSION_LOST_EVENT = 'lifeline:session-lost'

/** Public reads without a token. */
export const api = createPlainClient(API_BASE)

export const authApi = createAuthClient(API_BASE, {
  getAccessToken: () => getDefaultStore().get(tokenAtom),
  getRefreshToken: () => getDefaultStore().get(refreshTokenAtom),
  onRefreshed: ({ access, refresh }) => {
    getDefaultStore().set(tokenAtom, access)
    getDefaultStore().set(refreshTokenAtom, refresh)
  },
  onSessionLost: () => window.dispatchEvent(new Event(SESSION_LOST_EVENT)),
})
