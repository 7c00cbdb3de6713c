// The blind relay (server/modules/wallet-relay): the callback page of another browser hands the wallet's
// still-encrypted answer over, and the page that asked fetches it once. Only the answer's own query
// parameters travel; the server cannot read them (it never holds the keys) and keeps them 10 minutes at most.
import type { RelayedAnswer } from '../../../api-contract/wallet-relay'
import { acceptAnswer } from './accept-answer'
import { waitingRequestId } from './ask'

/** The parameters of a wallet's answer (the contract's RelayedAnswer fields). */
const RELAYED_PARAMS: readonly (keyof RelayedAnswer)[] = [
  'phantom_encryption_public_key',
  'solflare_encryption_public_key',
  'nonce',
  'data',
  'errorCode',
  'errorMessage',
]

const path = (requestId: string) => `/api/wallet-relay/${encodeURIComponent(requestId)}/`

/** The wallet's answer parameters (and nothing else of the callback URL). */
export function relayedParams(params: URLSearchParams): RelayedAnswer {
  const answer: Record<string, string> = {}
  for (const name of RELAYED_PARAMS) {
    const value = params.get(name)
    if (value !== null) answer[name] = value
  }
  return answer as RelayedAnswer
}

/** Hands an answer to the relay; false when the relay refused it (already handed over, or too late). */
export async function postToRelay(requestId: string, params: URLSearchParams): Promise<boolean> {
  const response = await fetch(path(requestId), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(relayedParams(params)),
  })
  return response.ok
}

/** Fetches (and thereby deletes) the relayed answer for `requestId`; null while there is none. */
export async function fetchFromRelay(requestId: string): Promise<URLSearchParams | null> {
  const response = await fetch(path(requestId), { cache: 'no-store' })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`wallet relay answered ${response.status}`)
  const answer = (await response.json()) as Record<string, string>
  return new URLSearchParams(answer)
}

export const POLL_EVERY_MS = 2000
export const POLL_FOR_MS = 90_000

/**
 * While a request is out, look in the relay whenever the page comes back to the front (visibilitychange), then
 * every 2 s for 90 s. Also once at start: a home-screen app that iOS killed in the background starts afresh.
 */
export function startRelayPickup(): () => void {
  let until = 0
  let timer: number | undefined

  const look = async () => {
    timer = undefined
    const id = waitingRequestId()
    if (!id || document.visibilityState !== 'visible') return
    try {
      const params = await fetchFromRelay(id)
      if (params) {
        acceptAnswer(id, params)
        return
      }
    } catch (error) {
      console.warn('wallet relay unavailable', error)
    }
    if (Date.now() < until) timer = window.setTimeout(() => void look(), POLL_EVERY_MS)
  }
  const wake = () => {
    if (document.visibilityState !== 'visible') return
    until = Date.now() + POLL_FOR_MS
    if (timer === undefined) void look()
  }
  document.addEventListener('visibilitychange', wake)
  window.addEventListener('pageshow', wake)
  wake()
  return () => {
    document.removeEventListener('visibilitychange', wake)
    window.removeEventListener('pageshow', wake)
    if (timer !== undefined) window.clearTimeout(timer)
  }
}
