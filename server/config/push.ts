// Web push settings: the VAPID subject the push services know us by (the key pair is a secret, config/secrets.ts),
// the origins a local test push service may be admitted from, and how many subscriptions one user may keep.
// @see https://datatracker.ietf.org/doc/html/rfc8292 (VAPID)
import { createECDH } from 'node:crypto'
import { isLocalHost } from '../lib/private-address'

export interface VapidKeys {
  /** uncompressed P-256 point, base64url (what browsers take as `applicationServerKey`) */
  publicKey: string
  /** 32 bytes, base64url */
  privateKey: string
}

export interface PushConfig {
  vapid: VapidKeys & { subject: string }
  /**
   * Origins (scheme, host, port) admitted as they are, plain http and loopback included: a local test push
   * service. Every other endpoint must be https and reach a public address (server/modules/push/push-endpoint.ts).
   */
  allowedOrigins: ReadonlySet<string>
  /** a user's subscriptions beyond this push out their oldest */
  maxSubscriptionsPerUser: number
}

/**
 * Used off mainnet-beta when neither VAPID_SUBJECT nor a public https PUBLIC_URL names the operator: push services
 * on the internet may refuse it (Apple does), a local test push service does not.
 */
export const PLACEHOLDER_VAPID_SUBJECT = 'mailto:push@lifeline.invalid'

/** Why `subject` cannot identify us to push services, or undefined when it can. */
export function vapidSubjectProblem(subject: string): string | undefined {
  let url: URL
  try {
    url = new URL(subject)
  } catch {
    return `VAPID_SUBJECT must be a mailto: or https: URL (got "${subject}")`
  }
  if (url.protocol === 'https:') {
    if (isLocalHost(url.hostname)) return `VAPID_SUBJECT must not name a local host (Apple refuses it)`
    return undefined
  }
  if (url.protocol === 'mailto:') {
    const domain = /^[^@\s]+@([^@\s]+)$/.exec(decodeURIComponent(url.pathname))?.[1]
    if (!domain) return `VAPID_SUBJECT must be mailto:<address> (got "${subject}")`
    if (isLocalHost(domain)) return `VAPID_SUBJECT must not name a local host (Apple refuses it)`
    return undefined
  }
  return `VAPID_SUBJECT must be a mailto: or https: URL (got "${subject}")`
}

/**
 * VAPID_SUBJECT, else PUBLIC_URL when push services would take it, else (off mainnet-beta, where it is required) a
 * placeholder.
 */
export function vapidSubject(
  raw: string | undefined,
  { publicUrl, cluster }: { publicUrl: string; cluster: string },
  problems: string[],
): string {
  const subject = raw?.trim()
  if (subject) {
    const problem = vapidSubjectProblem(subject)
    if (problem) problems.push(problem)
    return subject
  }
  if (vapidSubjectProblem(publicUrl) === undefined) return publicUrl
  if (cluster === 'mainnet-beta')
    problems.push('VAPID_SUBJECT (mailto: or https:) is required unless PUBLIC_URL is a public https URL')
  return PLACEHOLDER_VAPID_SUBJECT
}

const fromBase64Url = (value: string) => Buffer.from(value, 'base64url')

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither, and a real pair. */
export function vapidKeysFromEnv(
  publicKey: string | undefined,
  privateKey: string | undefined,
  problems: string[],
): VapidKeys | undefined {
  if (!publicKey && !privateKey) return undefined
  if (!publicKey || !privateKey) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither: generated once)')
    return undefined
  }
  const ecdh = createECDH('prime256v1')
  try {
    const key = fromBase64Url(privateKey)
    if (key.length !== 32) throw new Error('length')
    ecdh.setPrivateKey(key)
  } catch {
    problems.push('VAPID_PRIVATE_KEY is not a base64url P-256 private key')
    return undefined
  }
  if (!ecdh.getPublicKey().equals(fromBase64Url(publicKey))) {
    problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY')
    return undefined
  }
  return { publicKey, privateKey }
}

/** PUSH_ALLOWED_ORIGINS: comma-separated http(s) origins, nothing after the port. */
export function parseAllowedOrigins(raw: string | undefined, problems: string[]): Set<string> {
  const origins = new Set<string>()
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue
    try {
      const url = new URL(entry)
      if (!['http:', 'https:'].includes(url.protocol) || `${url.origin}` !== entry.replace(/\/$/, ''))
        throw new Error('not an origin')
      origins.add(url.origin)
    } catch {
      problems.push(`PUSH_ALLOWED_ORIGINS: "${entry}" is not an http(s) origin such as http://127.0.0.1:8090`)
    }
  }
  return origins
}
