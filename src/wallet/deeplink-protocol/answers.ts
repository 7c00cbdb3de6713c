// Reads the wallet's answer from the callback's query parameters: an `errorCode`, or our data encrypted under the
// shared secret. Refuses what is not the answer to the request we are waiting for.
// @see https://docs.phantom.com/phantom-deeplinks/encryption
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods/connect (Returns)
import { decodeBase58, decryptJson, deriveSharedSecret } from './crypto'
import { DeepLinkError, DEEPLINK_TEXT, walletError } from './errors'
import type { SessionMethod } from './links'
import type { DeepLinkMethod, DeepLinkProvider, DeepLinkWalletName } from './providers'

/** A request we sent and wait for; persisted before the page leaves for the wallet. */
export interface WalletRequest {
  id: string
  wallet: DeepLinkWalletName
  method: DeepLinkMethod
  /** ms since the epoch */
  createdAt: number
}

/** Answers older than this are refused: the wallet's prompt would have been long gone. */
export const REQUEST_MAX_AGE_MS = 10 * 60_000

/** The request an answer for `requestId` belongs to; anything else is an unknown (stale or foreign) answer. */
export function requestFor<Request extends WalletRequest>(
  pending: Request | null,
  requestId: string,
  now: number,
): Request {
  if (!pending || pending.id !== requestId || now - pending.createdAt > REQUEST_MAX_AGE_MS)
    throw new DeepLinkError('unknown-request', DEEPLINK_TEXT.unknownRequest)
  return pending
}

/** Throws the wallet's refusal when the answer carries `errorCode` (and `errorMessage`). */
function throwWalletError(wallet: DeepLinkWalletName, method: DeepLinkMethod, params: URLSearchParams) {
  const raw = params.get('errorCode')
  if (raw === null) return
  const code = Number(raw)
  throw walletError(wallet, method, Number.isInteger(code) ? code : 0)
}

const record = (value: unknown): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
  return value as Record<string, unknown>
}

const text = (value: unknown): string => {
  if (typeof value !== 'string' || value.length === 0)
    throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
  return value
}

export interface ConnectAnswer {
  /** The wallet account, base58. */
  address: string
  /** The wallet's opaque session token, sent back with every later request. */
  session: string
  sharedSecret: Uint8Array
  /** base58; the same nonce must never be accepted twice. */
  nonce: string
}

/** The connect answer: `{prefix}_encryption_public_key`, `nonce`, `data` = `{public_key, session}`. */
export function readConnectAnswer(
  provider: DeepLinkProvider,
  params: URLSearchParams,
  dappSecretKey: Uint8Array,
): ConnectAnswer {
  throwWalletError(provider.name, 'connect', params)
  const walletKey = decodeBase58(params.get(provider.encryptionKeyParam), 32)
  const sharedSecret = deriveSharedSecret(walletKey, dappSecretKey)
  const data = record(decryptJson(params.get('data'), params.get('nonce'), sharedSecret))
  const address = text(data.public_key)
  decodeBase58(address, 32)
  return { address, session: text(data.session), sharedSecret, nonce: params.get('nonce') ?? '' }
}

export type SessionAnswer =
  | { method: 'disconnect' }
  | { method: 'signMessage'; signature: Uint8Array; nonce: string }
  | { method: 'signTransaction'; transaction: Uint8Array; nonce: string }
  | { method: 'signAllTransactions'; transactions: Uint8Array[]; nonce: string }

/**
 * The answer to a method after connect. `seenNonces` are the nonces of answers already accepted in this
 * session: an answer replayed under a new request id decrypts fine, so its nonce is what gives it away.
 */
export function readSessionAnswer(
  provider: DeepLinkProvider,
  method: SessionMethod,
  params: URLSearchParams,
  sharedSecret: Uint8Array,
  seenNonces: readonly string[],
): SessionAnswer {
  throwWalletError(provider.name, method, params)
  // Approving a disconnect returns no parameters at all.
  if (method === 'disconnect') return { method }
  const nonce = params.get('nonce') ?? ''
  if (seenNonces.includes(nonce)) throw new DeepLinkError('replayed', DEEPLINK_TEXT.replayed)
  const data = record(decryptJson(params.get('data'), nonce, sharedSecret))
  if (method === 'signMessage') return { method, signature: decodeBase58(text(data.signature), 64), nonce }
  if (method === 'signTransaction')
    return { method, transaction: decodeBase58(text(data.transaction)), nonce }
  if (!Array.isArray(data.transactions)) throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
  return { method, transactions: data.transactions.map((item) => decodeBase58(text(item))), nonce }
}
