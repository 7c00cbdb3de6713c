// What the deep-link wallets keep on this device, in one localStorage record so each change is one write:
// the session with the wallet, the request we wait for, the last answer not yet used, and recently answered ids.
// The key has no `lifeline.device.` prefix on purpose: logout and wallet changes clear it.
import type { DeepLinkMethod, DeepLinkWalletName } from '../deeplink-protocol/providers'
import type { DeepLinkFailure } from '../deeplink-protocol/errors'

export const DEEPLINK_STATE_KEY = 'lifeline.deeplink'

/** The wallet session: the connect keys (base58) and the wallet's session token. */
export interface StoredSession {
  wallet: DeepLinkWalletName
  address: string
  session: string
  dappPublicKey: string
  dappSecretKey: string
  sharedSecret: string
  /** Nonces of answers already accepted in this session (an answer replayed under a new id reuses one). */
  nonces: string[]
}

/** A request we sent and wait for. Written before the page leaves for the wallet. */
export interface StoredRequest {
  id: string
  wallet: DeepLinkWalletName
  method: DeepLinkMethod
  createdAt: number
  /** The page that asked, where the callback sends the user back. */
  returnTo: string
  /** What was asked: base58 of the message or transaction(s), comma-separated; '' for connect. */
  input: string
  /** The link itself, to open it again from the waiting prompt. */
  link: string
  /** connect only: the fresh x25519 keypair, needed to read the answer. */
  dappPublicKey?: string
  dappSecretKey?: string
}

/** An answer read from a callback (or the relay) that the asking code has not taken yet. */
export interface StoredAnswer {
  requestId: string
  wallet: DeepLinkWalletName
  method: DeepLinkMethod
  input: string
  answeredAt: number
  /** signMessage: the signature; signTransaction(s): the signed transactions; all base58. */
  values?: string[]
  error?: { failure: DeepLinkFailure; message: string; code: number | null }
}

export interface DeepLinkState {
  session: StoredSession | null
  request: StoredRequest | null
  answer: StoredAnswer | null
  /** Ids answered recently, newest first: a second visit of the same callback says "already used". */
  answered: string[]
}

const EMPTY: DeepLinkState = { session: null, request: null, answer: null, answered: [] }
export const ANSWERED_KEPT = 20

export function loadDeepLinkState(): DeepLinkState {
  try {
    const stored = localStorage.getItem(DEEPLINK_STATE_KEY)
    return stored ? { ...EMPTY, ...(JSON.parse(stored) as Partial<DeepLinkState>) } : { ...EMPTY }
  } catch {
    return { ...EMPTY }
  }
}

export function saveDeepLinkState(state: DeepLinkState): void {
  if (!state.session && !state.request && !state.answer && state.answered.length === 0)
    localStorage.removeItem(DEEPLINK_STATE_KEY)
  else localStorage.setItem(DEEPLINK_STATE_KEY, JSON.stringify(state))
}

/** Reads, changes and writes the record in one go. */
export function updateDeepLinkState(change: (state: DeepLinkState) => void): DeepLinkState {
  const state = loadDeepLinkState()
  change(state)
  saveDeepLinkState(state)
  return state
}
