// Web push in Chromium against a push service on loopback (tests/helpers/push-service.ts, web-push-testing).
// Chromium's PushManager talks only to Google's push service, which this machine cannot reach: in the pages of a
// context, PushManager.subscribe/getSubscription hand out a subscription made by the test service instead (real
// P-256 keys and auth secret; the service checks our VAPID signature and decrypts what the server sends). The rest
// is the browser's own: the permission, the real service worker, which receives a decrypted message as the push
// service would deliver it (CDP ServiceWorker.deliverPushMessage) and shows it with the Notifications API.
import type { BrowserContext, Page } from 'playwright-core'
import type { PushPayload } from '../../../api-contract/push'
import type { BrowserSubscription, TestPushService } from '../../helpers/push-service'

const SUBSCRIBE_BINDING = '__lifelineTestPushSubscribe'

interface Held {
  json: BrowserSubscription
  key: string
}

/** Pages of `context` may show notifications and subscribe at `service`; returns the subscriptions made. */
export async function pushThrough(
  context: BrowserContext,
  service: TestPushService,
): Promise<BrowserSubscription[]> {
  const made: BrowserSubscription[] = []
  await context.grantPermissions(['notifications'])
  await context.exposeFunction(SUBSCRIBE_BINDING, async (key: string) => {
    const subscription = await service.subscribe(key)
    made.push(subscription)
    return subscription
  })
  await context.addInitScript((binding: string) => {
    const STORE = 'lifeline-test.push-subscription'
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    const bytesOf = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
    const asSubscription = ({ json, key }: Held) =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: bytesOf(key).buffer },
        getKey: (name: 'p256dh' | 'auth') => bytesOf(json.keys[name]).buffer,
        toJSON: () => json,
        unsubscribe: () => {
          localStorage.removeItem(STORE)
          return Promise.resolve(true)
        },
      }) as unknown as PushSubscription
    const subscribe = (window as unknown as Record<string, (key: string) => Promise<BrowserSubscription>>)[
      binding
    ]!
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const raw = options?.applicationServerKey
      if (!raw || typeof raw === 'string') throw new Error('the app subscribes with the key as bytes')
      const view = ArrayBuffer.isView(raw) ? raw : new Uint8Array(raw)
      const key = base64url(new Uint8Array(view.buffer, view.byteOffset, view.byteLength))
      const held: Held = { json: await subscribe(key), key }
      localStorage.setItem(STORE, JSON.stringify(held))
      return asSubscription(held)
    }
    PushManager.prototype.getSubscription = () => {
      const stored = localStorage.getItem(STORE)
      return Promise.resolve(stored ? asSubscription(JSON.parse(stored) as Held) : null)
    }
  }, SUBSCRIBE_BINDING)
  return made
}

/** Waits until the push service has received a message for `subscription` that `matches`, decrypted. */
export async function receivedPush(
  service: TestPushService,
  subscription: BrowserSubscription,
  matches: (payload: PushPayload) => boolean,
  timeoutMs = 30_000,
): Promise<PushPayload> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await service.received(subscription)).find(matches)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no matching push within ${timeoutMs} ms`)
    await new Promise((done) => setTimeout(done, 250))
  }
}

/** Hands `payload` to the page's service worker as its push event, as the browser's push service would. */
export async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  const origin = new URL(page.url()).origin
  const cdp = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((found) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin))
      if (live) found(live.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  })
  await cdp.detach()
}

export interface ShownNotification {
  title: string
  body: string
  tag: string
  data: { url?: string } | null
}

/** The notifications the page's service worker shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const shown = await registration.getNotifications()
    return shown.map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as { url?: string } | null,
    }))
  })
}

/**
 * The worker's notificationclick for the notification it shows, as a tap on it fires it. Headless Chromium has no
 * way to tap a notification: the event is dispatched in the worker (untrusted, so the handler's waitUntil refuses
 * it after the handler started the navigation; the worker reports that, nothing else).
 */
export async function tapNotification(context: BrowserContext): Promise<void> {
  const [worker] = context.serviceWorkers()
  if (!worker) throw new Error('no service worker in this context')
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await scope.registration.getNotifications()
    if (!notification) throw new Error('no notification shown')
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }))
  })
}
