// Sends one push message: encrypted for the subscription (RFC 8291, aes128gcm) and signed with our VAPID key
// (RFC 8292) by the web-push library, POSTed by us so that the connection goes through the address check
// (push-endpoint.ts) and an allow-listed local test service may be reached over plain http.
// @see https://datatracker.ietf.org/doc/html/rfc8030#section-5 (what the push service answers)
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import webpush from 'web-push'
import type { PushPayload } from '../../../api-contract/push'
import type { PushConfig } from '../../config/push'
import { endpointProblem, RefusedAddressError, refusingLookup } from './push-endpoint'

export type SendOutcome =
  | { kind: 'delivered' }
  /** the push service no longer knows the subscription (404, 410), or its host is one we refuse to reach */
  | { kind: 'gone'; reason: string }
  /** worth another try later (429, 5xx, no answer); `retryAfterMs` when the service said when */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** the service refuses this message for good (another 4xx) */
  | { kind: 'refused'; reason: string }

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export type Send = (target: PushTarget, payload: PushPayload) => Promise<SendOutcome>

export interface SenderOptions {
  push: Pick<PushConfig, 'vapid' | 'allowedOrigins'>
  /** name resolution before the address check (default dns.lookup): the edge tests stand in for */
  lookup?: LookupFunction
  /** no answer within this long is a retry; default 10 s */
  timeoutMs?: number
}

/** How long the push service keeps a message for a device that is offline (s). */
const TTL_SECONDS = 24 * 60 * 60
const MAX_RETRY_AFTER_MS = 60 * 60_000

function retryAfterMs(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return undefined
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined
}

function outcomeOf(status: number, retryAfter: number | undefined): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered' }
  if (status === 404 || status === 410) return { kind: 'gone', reason: `push service answered ${status}` }
  if (status === 429 || status >= 500)
    return { kind: 'retry', reason: `push service answered ${status}`, retryAfterMs: retryAfter }
  return { kind: 'refused', reason: `push service answered ${status}` }
}

export function pushSender({ push, lookup, timeoutMs = 10_000 }: SenderOptions): Send {
  // Every connection to an endpoint outside the allow-list opens through the address check, and only those are
  // pooled together: a socket opened for an allow-listed origin is never reused for another host.
  const checked = new https.Agent({ keepAlive: true, maxSockets: 16, lookup: refusingLookup(lookup) })
  const vapidDetails = {
    subject: push.vapid.subject,
    publicKey: push.vapid.publicKey,
    privateKey: push.vapid.privateKey,
  }

  return (target, payload) =>
    new Promise<SendOutcome>((resolve) => {
      const problem = endpointProblem(target.endpoint, push.allowedOrigins)
      if (problem) return resolve({ kind: 'gone', reason: problem })
      const url = new URL(target.endpoint)
      const allowed = push.allowedOrigins.has(url.origin)
      let details: ReturnType<typeof webpush.generateRequestDetails>
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
        )
      } catch (error) {
        return resolve({ kind: 'refused', reason: `not encrypted: ${(error as Error).message}` })
      }
      const transport = url.protocol === 'http:' ? http : https
      const request = transport.request(url, {
        method: 'POST',
        headers: details.headers as http.OutgoingHttpHeaders,
        agent: allowed ? undefined : checked,
        timeout: timeoutMs,
      })
      request.on('response', (response) => {
        response.resume()
        resolve(
          outcomeOf(response.statusCode ?? 0, retryAfterMs(response.headers['retry-after'], Date.now())),
        )
      })
      request.on('timeout', () => request.destroy(new Error('no answer in time')))
      request.on('error', (error) => {
        if (error instanceof RefusedAddressError) resolve({ kind: 'gone', reason: error.message })
        else resolve({ kind: 'retry', reason: (error as NodeJS.ErrnoException).code ?? error.message })
      })
      request.end(details.body)
    })
}
