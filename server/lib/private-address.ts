// Addresses the server must never be made to connect to on a stranger's behalf (a push endpoint is a URL anyone
// may hand us): loopback, private, link-local and every other range that is not a public unicast address.
// @see https://www.iana.org/assignments/iana-ipv4-special-registry/ and iana-ipv6-special-registry/
import net from 'node:net'

const refused = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refused.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: reaches the IPv4 address inside
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: reaches the IPv4 address inside
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  refused.addSubnet(address, prefix, 'ipv6')

/**
 * Whether `address` (an IP literal, IPv6 without brackets) is outside the public unicast space. IPv4-mapped IPv6
 * addresses (`::ffff:127.0.0.1`) are judged by their IPv4 address. Anything that is not an IP literal is refused.
 */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return true
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** The host of a URL as an IP literal without brackets, or undefined when it is a name. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  return net.isIP(bare) ? bare : undefined
}

/** `localhost` and its subdomains always name this machine (RFC 6761), whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

/** A URL host that is this machine or a private network: localhost, or a refused IP literal. */
export function isLocalHost(hostname: string): boolean {
  const literal = ipLiteral(hostname)
  return literal ? isRefusedAddress(literal) : isLocalhostName(hostname)
}
