// Takes a wallet's answer from wherever it arrived (the callback page in this browser, or the relay) and stores
// it for the code that asked. Runs on the light callback page too: tweetnacl and bs58 only, no web3.js.
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import {
  readConnectAnswer,
  readSessionAnswer,
  requestFor,
  type SessionAnswer,
} from '../deeplink-protocol/answers'
import { DeepLinkError, DEEPLINK_TEXT } from '../deeplink-protocol/errors'
import { providerNamed } from '../deeplink-protocol/providers'
import {
  ANSWERED_KEPT,
  loadDeepLinkState,
  saveDeepLinkState,
  type StoredAnswer,
  type StoredRequest,
} from './state'

/** Dispatched on window after an answer is stored, so a wallet waiting in this page takes it at once. */
export const DEEPLINK_ANSWER_EVENT = 'lifeline:deeplink-answer'

const valuesOf = (answer: SessionAnswer): string[] => {
  if (answer.method === 'signMessage') return [bs58.encode(answer.signature)]
  if (answer.method === 'signTransaction') return [bs58.encode(answer.transaction)]
  if (answer.method === 'signAllTransactions') return answer.transactions.map((tx) => bs58.encode(tx))
  return []
}

/**
 * Reads the answer for `requestId` and stores it. Throws (and stores nothing) for an answer this device is not
 * waiting for: already used, unknown or expired. A refusal, or an answer that does not decrypt or does not match
 * the request, is stored as that request's failure, so the asking screen shows it. Returns the request answered.
 */
export function acceptAnswer(requestId: string, params: URLSearchParams, now = Date.now()): StoredRequest {
  const state = loadDeepLinkState()
  if (state.answered.includes(requestId)) throw new DeepLinkError('replayed', DEEPLINK_TEXT.replayed)
  const request = requestFor(state.request, requestId, now)
  const provider = providerNamed(request.wallet)
  if (!provider) throw new DeepLinkError('unknown-request', DEEPLINK_TEXT.unknownRequest)
  const answer: StoredAnswer = {
    requestId,
    wallet: request.wallet,
    method: request.method,
    input: request.input,
    answeredAt: now,
  }
  try {
    if (request.method === 'connect') {
      const connected = readConnectAnswer(provider, params, bs58.decode(request.dappSecretKey ?? ''))
      state.session = {
        wallet: request.wallet,
        address: connected.address,
        session: connected.session,
        dappPublicKey: request.dappPublicKey ?? '',
        dappSecretKey: request.dappSecretKey ?? '',
        sharedSecret: bs58.encode(connected.sharedSecret),
        nonces: [connected.nonce],
      }
      answer.values = [connected.address]
    } else {
      const session = state.session
      if (!session || session.wallet !== request.wallet)
        throw new DeepLinkError('not-connected', DEEPLINK_TEXT.noSession(request.wallet))
      const read = readSessionAnswer(
        provider,
        request.method,
        params,
        bs58.decode(session.sharedSecret),
        session.nonces,
      )
      if ('nonce' in read) session.nonces = [read.nonce, ...session.nonces].slice(0, ANSWERED_KEPT)
      answer.values = valuesOf(read)
      if (read.method === 'signMessage') checkSignature(request.input, read.signature, session.address)
    }
  } catch (error) {
    if (!(error instanceof DeepLinkError)) throw error
    answer.error = { failure: error.failure, message: error.message, code: error.code }
  }
  state.request = null
  state.answer = answer
  state.answered = [requestId, ...state.answered].slice(0, ANSWERED_KEPT)
  saveDeepLinkState(state)
  window.dispatchEvent(new CustomEvent(DEEPLINK_ANSWER_EVENT, { detail: requestId }))
  return request
}

/** A signature that is not the connected account's over our exact message is not the wallet's answer. */
function checkSignature(message: string, signature: Uint8Array, address: string) {
  if (!nacl.sign.detached.verify(bs58.decode(message), signature, bs58.decode(address)))
    throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
}
