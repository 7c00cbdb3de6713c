// TRUST_PROXY: which proxies may tell the server the client's address (X-Forwarded-For). Every per-IP rate limit
// keys on that address, so trusting a header anyone can write would let anyone pick their own address. Fastify
// takes the same forms: the number of proxy hops in front of the app, or the proxies' addresses.
// @see https://fastify.dev/docs/latest/Reference/Server/#trustproxy
import net from 'node:net'

/** false: the socket's peer is the client; a number: that many proxy hops; a list: those proxy addresses. */
export type TrustProxy = false | number | string[]

// Names proxy-addr (Fastify's resolver) knows for address ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, extra] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128)
}

/** Reads TRUST_PROXY; pushes a problem and answers `false` for a value it cannot trust. */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = (raw ?? '').trim()
  if (value === '' || value === 'false' || value === '0' || value === 'none') return false
  if (value === 'true') {
    problems.push(
      'TRUST_PROXY=true would believe any X-Forwarded-For header (every client could choose its own address ' +
        'and escape the rate limits): give the number of proxies in front of the server (e.g. 1) or their ' +
        'addresses (e.g. 10.0.0.5,10.0.1.0/24)',
    )
    return false
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) problems.push(`TRUST_PROXY must be at most 10 proxy hops (got "${value}")`)
    return hops <= 10 ? hops : false
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isAddressOrRange(entry))
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a number of hops or a comma-separated list of proxy IP addresses or CIDR ranges (not: ${bad.join(', ')})`,
    )
    return false
  }
  return entries
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count is given as a function: Fastify 5 turns a bare number into
 * "trust nobody" (it cannot check the nearest peer), which would key every rate limit on the proxy's address. The
 * number therefore means what README says: the server is reachable only through that many proxies.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust
  return (_address, hop) => hop < trust
}
