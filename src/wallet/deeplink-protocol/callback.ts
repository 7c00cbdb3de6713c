// Where the wallets send their answers: a route of the PWA on our own origin, one random request id per request.
// @see https://docs.phantom.com/phantom-deeplinks/specifying-redirects
import { randomId } from '../../lib/random-id'
import { DeepLinkError, DEEPLINK_TEXT } from './errors'

export const CALLBACK_PATH = '/wallet/callback/'

/** 128 random bits, base64url without padding: 22 characters. The relay accepts exactly this shape. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

export const newRequestId = randomId

/**
 * The `redirect_link` for a request. The id travels in the path, not the query, so the wallet can append its
 * answer with `?` (as the docs show) and nothing of ours is mixed with its parameters.
 */
export function callbackUrl(origin: string, requestId: string): string {
  return `${origin}${CALLBACK_PATH}${requestId}`
}

/** The request id of a callback path, or null when the path is not one of ours. */
export function requestIdOf(pathname: string): string | null {
  if (!pathname.startsWith(CALLBACK_PATH)) return null
  const id = pathname.slice(CALLBACK_PATH.length).replace(/\/$/, '')
  return REQUEST_ID_PATTERN.test(id) ? id : null
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The origin the wallet can send the user back to: PUBLIC_URL when it is https (a phone reaches it and the
 * wallets trust it), or a loopback http origin (tests and a developer's own machine). Anything else — a LAN
 * address over http, say — cannot work from a phone: 'Phantom deep link not configured.'
 */
export function deepLinkOrigin(publicUrl: string): string {
  let url: URL
  try {
    url = new URL(publicUrl)
  } catch {
    throw new DeepLinkError('unusable', DEEPLINK_TEXT.notConfigured)
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url.origin
  throw new DeepLinkError('unusable', DEEPLINK_TEXT.notConfigured)
}
