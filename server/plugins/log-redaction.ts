// What the request log may say about a request. The wallet relay's request ids and the wallet answers in the
// callback page's query are keys to a user's sign-in or payment (docs/decisions/007-phone-wallets.md): the log
// keeps the route's shape and drops the rest. A download link's token signs its holder in for a minute: dropped.
import type { FastifyRequest } from 'fastify'

const SECRET_PREFIXES = ['/wallet/callback/', '/api/wallet-relay/']

/** The URL as the log shows it. */
export function loggedUrl(url: string): string {
  const prefix = SECRET_PREFIXES.find((candidate) => url.startsWith(candidate))
  if (prefix) return `${prefix}[redacted]`
  return url.includes('download_token=')
    ? url.replace(/download_token=[^&]*/g, 'download_token=[redacted]')
    : url
}

/** Fastify's own `req` log fields, with the URL passed through loggedUrl. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
