// One request out at a time: stored before the page leaves, answered through the callback page or the relay.
// The promise settles in this page when the answer arrives here (the relay while the home-screen app stayed
// alive); after a reload the asking code calls again and takes the stored answer (takeAnswer).
import { DeepLinkError } from '../deeplink-protocol/errors'
import type { DeepLinkMethod, DeepLinkWalletName } from '../deeplink-protocol/providers'
import { DEEPLINK_ANSWER_EVENT } from './accept-answer'
import { mayOpenNow, openWalletLink, showPrompt } from './prompt'
import {
  DEEPLINK_STATE_KEY,
  loadDeepLinkState,
  updateDeepLinkState,
  type StoredAnswer,
  type StoredRequest,
} from './state'

export const CANCELLED_TEXT = 'Cancelled.'
export const ELSEWHERE_TEXT = 'This request continued in another tab.'

/**
 * Takes the stored answer to `method` on `input` by `wallet`, if one is waiting: returns it, or throws the
 * wallet's refusal. Any other stored answer stays (it belongs to another request).
 */
export function takeAnswer(
  wallet: DeepLinkWalletName,
  method: DeepLinkMethod,
  input: string,
): StoredAnswer | null {
  const { answer } = loadDeepLinkState()
  if (!answer || answer.wallet !== wallet || answer.method !== method || answer.input !== input) return null
  updateDeepLinkState((state) => (state.answer = null))
  if (answer.error) throw new DeepLinkError(answer.error.failure, answer.error.message, answer.error.code)
  return answer
}

/** The request still out for exactly this question, to wait for it again instead of asking twice. */
export function outstanding(
  wallet: DeepLinkWalletName,
  method: DeepLinkMethod,
  input: string,
): StoredRequest | null {
  const { request } = loadDeepLinkState()
  return request && request.wallet === wallet && request.method === method && request.input === input
    ? request
    : null
}

let current: { id: string; settle: (error: Error | null) => void } | null = null

/** Stores `request`, opens its link (or asks for a tap) and waits for its answer in this page. */
export function ask(request: StoredRequest, fresh: boolean): Promise<StoredAnswer> {
  if (fresh) updateDeepLinkState((state) => (state.request = request))
  current?.settle(new DeepLinkError('cancelled', CANCELLED_TEXT))
  return new Promise<StoredAnswer>((resolve, reject) => {
    const cleanup = () => {
      window.removeEventListener(DEEPLINK_ANSWER_EVENT, onAnswer)
      window.removeEventListener('storage', onStorage)
      if (current?.id === request.id) current = null
      showPrompt(null)
    }
    const settle = (error: Error | null) => {
      cleanup()
      if (error) return reject(error)
      try {
        const answer = takeAnswer(request.wallet, request.method, request.input)
        if (answer) resolve(answer)
        else reject(new DeepLinkError('cancelled', ELSEWHERE_TEXT))
      } catch (refusal) {
        reject(refusal as Error)
      }
    }
    const onAnswer = (event: Event) => {
      if ((event as CustomEvent<string>).detail === request.id) settle(null)
    }
    // Another tab of this browser received the callback and took the request over.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== DEEPLINK_STATE_KEY) return
      const state = loadDeepLinkState()
      if (state.request?.id === request.id) return
      if (state.answer?.requestId === request.id) settle(null)
      else settle(new DeepLinkError('cancelled', ELSEWHERE_TEXT))
    }
    window.addEventListener(DEEPLINK_ANSWER_EVENT, onAnswer)
    window.addEventListener('storage', onStorage)
    current = { id: request.id, settle }

    const cancel = () => {
      updateDeepLinkState((state) => {
        if (state.request?.id === request.id) state.request = null
      })
      settle(new DeepLinkError('cancelled', CANCELLED_TEXT))
    }
    const purpose = request.method === 'connect' ? 'connect' : 'sign'
    const prompt = { wallet: request.wallet, link: request.link, purpose, cancel } as const
    if (mayOpenNow()) {
      showPrompt({ ...prompt, stage: 'waiting' })
      openWalletLink(request.link)
    } else showPrompt({ ...prompt, stage: 'tap' })
  })
}

/** Whether a request of this page is waiting for its answer (the relay pickup polls only then). */
export const waitingRequestId = (): string | null => current?.id ?? loadDeepLinkState().request?.id ?? null
