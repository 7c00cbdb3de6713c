// Builds the `ul/v1` links we open. Parameter names, payload fields and encodings are exactly the documented ones,
// so any wallet that implements the protocol understands them.
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods/connect
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods/signmessage
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods/signtransaction
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods/signalltransactions
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods/disconnect
import bs58 from 'bs58'
import { encryptJson } from './crypto'
import { DeepLinkError, DEEPLINK_TEXT } from './errors'
import { MAX_LINK_LENGTH, type DeepLinkMethod, type DeepLinkProvider, type WalletCluster } from './providers'

export interface ConnectLinkInput {
  provider: DeepLinkProvider
  dappPublicKey: Uint8Array
  /** Our origin: the wallet fetches the app's title and icon from it and keeps it in the session. */
  appUrl: string
  /** Where the wallet sends the answer (our callback route, on the same origin as `appUrl`). */
  redirectLink: string
  cluster: WalletCluster
}

/** What every method after `connect` needs: the connect keys and the wallet's session token. */
export interface SessionKeys {
  dappPublicKey: Uint8Array
  sharedSecret: Uint8Array
  session: string
}

export type SessionMethod = Exclude<DeepLinkMethod, 'connect'>

function link(provider: DeepLinkProvider, method: DeepLinkMethod, params: URLSearchParams): string {
  const url = `${provider.base}${method}?${params.toString()}`
  if (url.length > MAX_LINK_LENGTH) throw new DeepLinkError('unusable', DEEPLINK_TEXT.tooLong)
  return url
}

/** `connect`: plaintext, carries our fresh x25519 public key. URLSearchParams URL-encodes the two URLs. */
export function connectLink(input: ConnectLinkInput): string {
  return link(
    input.provider,
    'connect',
    new URLSearchParams({
      app_url: input.appUrl,
      dapp_encryption_public_key: bs58.encode(input.dappPublicKey),
      redirect_link: input.redirectLink,
      cluster: input.cluster,
    }),
  )
}

/** Any method after `connect`: the payload JSON (with the session) encrypted under the shared secret. */
export function sessionLink(
  provider: DeepLinkProvider,
  method: SessionMethod,
  keys: SessionKeys,
  redirectLink: string,
  fields: Record<string, unknown>,
): string {
  const { nonce, payload } = encryptJson({ ...fields, session: keys.session }, keys.sharedSecret)
  return link(
    provider,
    method,
    new URLSearchParams({
      dapp_encryption_public_key: bs58.encode(keys.dappPublicKey),
      nonce,
      redirect_link: redirectLink,
      payload,
    }),
  )
}

/** signMessage payload: the exact bytes, base58, shown to the user as UTF-8. */
export const signMessageFields = (message: Uint8Array) => ({
  message: bs58.encode(message),
  display: 'utf8',
})

/** signTransaction payload: the serialized (unsigned) transaction, base58. */
export const signTransactionFields = (transaction: Uint8Array) => ({ transaction: bs58.encode(transaction) })

/** signAllTransactions payload. */
export const signAllTransactionsFields = (transactions: Uint8Array[]) => ({
  transactions: transactions.map((transaction) => bs58.encode(transaction)),
})
