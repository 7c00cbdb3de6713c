// The server POSTs to every subscription's endpoint, a URL a browser (or anyone signed in) hands us: it must not
// become a way to reach our own network (SSRF). Two checks:
// - at subscription: https only, and no literal loopback, private or link-local address (nor `localhost`); a name
//   that does not resolve yet is accepted;
// - at each connection: the addresses the name resolves to are checked again before the socket opens, so a name
//   that later resolves to a private address (DNS rebinding) is never reached.
// Origins in PUSH_ALLOWED_ORIGINS (a local test push service) pass both as they are.
import { ECDH } from 'node:crypto'
import dns from 'node:dns'
import type { LookupFunction } from 'node:net'
import type { PushSubscriptionRequest } from '../../../api-contract/push'
import { badRequest } from '../../lib/errors'
import { isLocalHost, isRefusedAddress } from '../../lib/private-address'

/** Why a subscription's endpoint is refused, or undefined when the server may POST to it. */
export function endpointProblem(endpoint: string, allowedOrigins: ReadonlySet<string>): string | undefined {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'endpoint must be an https URL.'
  }
  if (allowedOrigins.has(url.origin)) return undefined
  if (url.protocol !== 'https:') return 'endpoint must be an https URL.'
  if (url.username || url.password) return 'endpoint must not carry a user name or password.'
  if (isLocalHost(url.hostname))
    return 'endpoint must not point at a loopback, private or link-local address.'
  return undefined
}

/** Thrown by {@link refusingLookup} when a name resolves to a refused address. */
export class RefusedAddressError extends Error {
  readonly code = 'EPUSHADDRESS'
  constructor(hostname: string) {
    super(`${hostname} resolves to a loopback, private or link-local address`)
  }
}

/**
 * A `lookup` for http(s).request that resolves with `resolve` (dns.lookup by default) and fails with
 * {@link RefusedAddressError} if any address it gives is refused, before a socket is opened to it.
 */
export function refusingLookup(resolve: LookupFunction = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family)
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address]
      if (addresses.some(isRefusedAddress)) return callback(new RefusedAddressError(hostname), '', 0)
      callback(null, address, family)
    })
  }
}

const P256_POINT_BYTES = 65
const AUTH_BYTES = 16

/** The subscription's keys decoded and checked (RFC 8291): a P-256 public point and a 16-byte secret. */
function checkedKeys(keys: PushSubscriptionRequest['keys']): { p256dh: string; auth: string } {
  const invalid = () =>
    badRequest(
      'validation_error',
      'keys.p256dh must be a P-256 public key and keys.auth 16 bytes (base64url).',
    )
  const isBase64Url = (value: string) => /^[A-Za-z0-9_-]+={0,2}$/.test(value)
  if (!isBase64Url(keys.p256dh) || !isBase64Url(keys.auth)) throw invalid()
  const point = Buffer.from(keys.p256dh, 'base64url')
  const auth = Buffer.from(keys.auth, 'base64url')
  if (point.length !== P256_POINT_BYTES || auth.length !== AUTH_BYTES) throw invalid()
  try {
    // Throws unless the point is on the curve: a browser could never decrypt what we sent to such a key.
    ECDH.convertKey(point, 'prime256v1')
  } catch {
    throw invalid()
  }
  return { p256dh: point.toString('base64url'), auth: auth.toString('base64url') }
}

/** The browser's PushSubscription as stored, or a 400 `validation_error` that says what is wrong. */
export function checkedSubscription(
  body: PushSubscriptionRequest,
  allowedOrigins: ReadonlySet<string>,
): { endpoint: string; p256dh: string; auth: string } {
  const problem = endpointProblem(body.endpoint, allowedOrigins)
  if (problem) throw badRequest('validation_error', problem)
  return { endpoint: body.endpoint, ...checkedKeys(body.keys) }
}
