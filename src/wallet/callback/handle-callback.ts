// What the callback route does with a wallet's answer, as a pure-ish decision the page renders.
import { requestIdOf } from '../deeplink-protocol/callback'
import { DeepLinkError } from '../deeplink-protocol/errors'
import { acceptAnswer } from '../deeplink-wallet/accept-answer'
import { postToRelay } from '../deeplink-wallet/relay'
import { loadDeepLinkState } from '../deeplink-wallet/state'

export type CallbackOutcome =
  /** This browser asked: the answer is stored, back to the page that asked. */
  | { kind: 'return'; to: string }
  /** Another browser (or the home-screen app) asked: the answer went to the relay. */
  | { kind: 'relayed' }
  /** Nothing to do: an answer already used, expired, refused by the relay, or a malformed address. */
  | { kind: 'dead-end'; message: string; to: string }

export const CALLBACK_TEXT = {
  used: 'This wallet answer was already used.',
  invalid: 'This is not a wallet answer Lifeline can use.',
  relayRefused:
    'This answer was already handed over, or it came too late. Go back to Lifeline and try again if needed.',
  relayFailed:
    'Lifeline could not be reached to pass the answer on. Check your connection and reload this page.',
} as const

/**
 * Handles the callback at `pathname` + `search`: takes the answer when this browser holds the request's keys,
 * otherwise hands it, still encrypted, to the relay for the browser or app that asked (docs/decisions/007-phone-wallets.md).
 */
export async function handleCallback(pathname: string, search: string): Promise<CallbackOutcome> {
  const requestId = requestIdOf(pathname)
  if (!requestId) return { kind: 'dead-end', message: CALLBACK_TEXT.invalid, to: '/' }
  const params = new URLSearchParams(search)
  const state = loadDeepLinkState()
  if (state.answered.includes(requestId)) return { kind: 'dead-end', message: CALLBACK_TEXT.used, to: '/' }
  if (state.request?.id === requestId) {
    try {
      return { kind: 'return', to: acceptAnswer(requestId, params).returnTo }
    } catch (error) {
      if (!(error instanceof DeepLinkError)) throw error
      return { kind: 'dead-end', message: error.message, to: state.request.returnTo }
    }
  }
  try {
    return (await postToRelay(requestId, params))
      ? { kind: 'relayed' }
      : { kind: 'dead-end', message: CALLBACK_TEXT.relayRefused, to: '/' }
  } catch {
    return { kind: 'dead-end', message: CALLBACK_TEXT.relayFailed, to: '/' }
  }
}
