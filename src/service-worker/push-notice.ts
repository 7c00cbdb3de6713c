// What a push becomes on screen, shared by the service worker (push.ts) and its tests: the server's notice
// (api-contract/push.ts PushPayload) as a notification, and the message the worker sends the app's windows when
// it had to subscribe again.
import type { PushPayload } from '../../api-contract/push'

/** Sent to the app's windows after pushsubscriptionchange: the new subscription waits to be handed to the server. */
export const PUSH_RESUBSCRIBED = 'PUSH_RESUBSCRIBED'

export const NOTICE_ICON = '/icons/icon-192.png'
/** Android draws the status bar's badge as a mask: white on transparent. */
export const NOTICE_BADGE = '/icons/badge-96.png'

const APP_NAME = 'Lifeline'

/** The page a notice opens: a path of ours; anything else (another origin, `//host`, none) opens the home page. */
export function pageOf(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/'
}

const textOf = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value : fallback

/**
 * The notification a push's text shows. Every push shows one, also one we cannot read (iOS ends the subscription of
 * a site whose pushes show nothing).
 */
export function noticeOf(text: string | null): PushPayload {
  let payload: Partial<Record<keyof PushPayload, unknown>> = {}
  try {
    const parsed: unknown = text ? JSON.parse(text) : {}
    if (parsed && typeof parsed === 'object') payload = parsed
  } catch {
    // not JSON: shown as the app's own notice
  }
  return {
    title: textOf(payload.title, APP_NAME),
    body: textOf(payload.body, 'Something new on Lifeline.'),
    url: pageOf(payload.url),
    tag: textOf(payload.tag, 'lifeline'),
  }
}
