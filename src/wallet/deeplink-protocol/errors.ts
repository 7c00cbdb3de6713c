// What the user reads when a deep-link request fails, by wallet error code.
// @see https://docs.phantom.com/solana/errors
import type { DeepLinkMethod, DeepLinkWalletName } from './providers'

export type DeepLinkFailure =
  /** the user said no in the wallet (4001) */
  | 'rejected'
  /** the wallet no longer knows our session (4100 Unauthorized, 4900 Disconnected): connect again */
  | 'not-connected'
  /** the wallet failed otherwise (-32000, -32002, -32003, -32603, …) */
  | 'failed'
  /** an answer that is not the wallet's answer to our request: undecryptable, malformed or not matching it */
  | 'tampered'
  /** an answer to a request this device did not make, or no longer waits for */
  | 'unknown-request'
  /** an answer (or its nonce) that was already used */
  | 'replayed'
  /** the request could not be built (link too long, no session, PUBLIC_URL unusable) */
  | 'unusable'
  /** the user closed our waiting prompt, or another tab took the request over: nothing to report */
  | 'cancelled'

/** A failed deep-link request; `message` is the text to show. */
export class DeepLinkError extends Error {
  readonly failure: DeepLinkFailure
  /** The wallet's errorCode when it sent one. */
  readonly code: number | null
  constructor(failure: DeepLinkFailure, message: string, code: number | null = null) {
    super(message)
    this.name = 'DeepLinkError'
    this.failure = failure
    this.code = code
  }
}

export const WALLET_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  disconnected: 4900,
  invalidInput: -32000,
  requestPending: -32002,
  transactionRejected: -32003,
  internalError: -32603,
} as const

export const DEEPLINK_TEXT = {
  rejectedConnection: (wallet: DeepLinkWalletName) => `User rejected ${wallet} connection.`,
  /** The wallet answered 4100/4900: it no longer honours our session. */
  notConnected: (wallet: DeepLinkWalletName) => `${wallet} not connected.`,
  /** We hold no session for the wallet, so there is nothing to sign with. */
  noSession: (wallet: DeepLinkWalletName) => `${wallet} Wallet not connected`,
  signingFailed: 'Message signing failed',
  connectFailed: 'Wallet connect failed',
  notConfigured: 'Phantom deep link not configured.',
  tampered: "The wallet's answer could not be verified. Nothing was signed in or paid; please try again.",
  unknownRequest: 'This wallet answer is not for a request from this device, or it has expired.',
  replayed: 'This wallet answer was already used.',
  tooLong: 'This request is too large for a wallet link.',
} as const

/** The user's text for a wallet's `errorCode` answer to `method`. */
export function walletErrorText(wallet: DeepLinkWalletName, method: DeepLinkMethod, code: number): string {
  if (code === WALLET_ERROR_CODES.unauthorized || code === WALLET_ERROR_CODES.disconnected)
    return DEEPLINK_TEXT.notConnected(wallet)
  if (method === 'connect')
    return code === WALLET_ERROR_CODES.userRejected
      ? DEEPLINK_TEXT.rejectedConnection(wallet)
      : DEEPLINK_TEXT.connectFailed
  return DEEPLINK_TEXT.signingFailed
}

/** The DeepLinkError for a wallet's `errorCode` answer. */
export function walletError(wallet: DeepLinkWalletName, method: DeepLinkMethod, code: number): DeepLinkError {
  const failure: DeepLinkFailure =
    code === WALLET_ERROR_CODES.userRejected
      ? 'rejected'
      : code === WALLET_ERROR_CODES.unauthorized || code === WALLET_ERROR_CODES.disconnected
        ? 'not-connected'
        : 'failed'
  return new DeepLinkError(failure, walletErrorText(wallet, method, code), code)
}
