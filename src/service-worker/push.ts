// Web push in the service worker (docs/decisions/015-web-push-delivery.md):
// - push: always a visible notification (noticeOf), its page kept in `data.url`; the same tag replaces the earlier
//   copy of a notice sent twice;
// - notificationclick: the app's open window, focused and taken to that page, else a new one (on iOS the
//   home-screen app);
// - pushsubscriptionchange: subscribe again with the same key. The worker holds no session to hand the new
//   subscription to the server with: the app does, at once in an open window (PUSH_RESUBSCRIBED) or at its next
//   start (src/notifications/this-device.ts syncThisDevice).
/// <reference lib="webworker" />
import { NOTICE_BADGE, NOTICE_ICON, noticeOf, pageOf, PUSH_RESUBSCRIBED } from './push-notice'

declare const self: ServiceWorkerGlobalScope

async function show(text: string | null) {
  const { title, body, tag, url } = noticeOf(text)
  await self.registration.showNotification(title, {
    body,
    tag,
    data: { url },
    icon: NOTICE_ICON,
    badge: NOTICE_BADGE,
  })
}

async function openPage(path: string) {
  const url = new URL(path, self.location.origin).href
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => client.focused) ?? windows[0]
  if (open) {
    // Focusing needs the tap (a notification's click carries it); the page still moves without it.
    const focused = await open.focus().catch(() => open)
    if (focused.url === url) return
    // navigate() refuses a window this worker does not control: a new window then.
    if (await focused.navigate(url).catch(() => null)) return
  }
  await self.clients.openWindow(url)
}

async function serverKey(): Promise<string> {
  const response = await fetch('/api/config/')
  return ((await response.json()) as { push_public_key: string }).push_public_key
}

async function subscribeAgain(event: PushSubscriptionChangeEvent) {
  if (!event.newSubscription) {
    const applicationServerKey = event.oldSubscription?.options.applicationServerKey ?? (await serverKey())
    await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
  }
  for (const client of await self.clients.matchAll({ type: 'window' }))
    client.postMessage({ type: PUSH_RESUBSCRIBED })
}

export function listenForPushes(): void {
  self.addEventListener('push', (event) => event.waitUntil(show(event.data?.text() ?? null)))
  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    event.waitUntil(openPage(pageOf(data?.url)))
  })
  self.addEventListener('pushsubscriptionchange', (event) =>
    event.waitUntil(subscribeAgain(event as PushSubscriptionChangeEvent)),
  )
}
