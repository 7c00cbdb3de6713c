// This device's web push subscription (loaded when a screen needs it, not with the first screen): its state,
// turning it on (subscribe with the server's key, hand the subscription to the server) and off, and handing over
// a subscription the browser replaced meanwhile. The service worker subscribes again on pushsubscriptionchange
// (src/service-worker/push.ts) but holds no session to post the new one with; the app posts it at its next start
// or at once when a window is open (use-push-sync.ts).
import type { PushSubscriptionRequest } from '../../api-contract/push'
import { loadConfig } from '../lib/config.api'
import { subscribePush, unsubscribePush } from '../lib/push.api'
import { api, authApi } from '../state/api'
import { deviceSupport, SENT_ENDPOINT_KEY } from './device-support'

/** 'on': this browser is subscribed and the server has that subscription. */
export type DeviceState = 'on' | 'off' | 'denied' | 'needs-home-screen' | 'unsupported'

const sentEndpoint = () => localStorage.getItem(SENT_ENDPOINT_KEY)

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

export async function deviceState(): Promise<DeviceState> {
  const support = deviceSupport()
  if (support.kind !== 'supported') return support.kind
  if (Notification.permission === 'denied') return 'denied'
  const subscription = await currentSubscription()
  return subscription !== null && subscription.endpoint === sentEndpoint() ? 'on' : 'off'
}

/** The server's VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i])

/** This browser's subscription with the server's key; one made with another key is dropped first (a browser
 * refuses to subscribe again with a different key while it holds one). */
async function subscribeHere(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.ready
  const key = keyBytes((await loadConfig(api)).push_public_key)
  const held = await registration.pushManager.getSubscription()
  if (held && sameBytes(held.options.applicationServerKey, key)) return held
  await held?.unsubscribe()
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

function requestOf(subscription: PushSubscription): PushSubscriptionRequest {
  const { endpoint, expirationTime, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error('The browser gave a subscription without keys.')
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } }
}

async function handOver(subscription: PushSubscription): Promise<void> {
  await subscribePush(authApi, requestOf(subscription))
  localStorage.setItem(SENT_ENDPOINT_KEY, subscription.endpoint)
}

/** Once the permission prompt (asked from the tap: device-support.ts `askPermission`) answered: 'on', or 'denied'. */
export async function turnOnHere(permission: Promise<NotificationPermission>): Promise<'on' | 'denied'> {
  if ((await permission) !== 'granted') return 'denied'
  await handOver(await subscribeHere())
  return 'on'
}

/**
 * The browser drops its subscription, then the server forgets the endpoint (no session needed). Off either way:
 * when the server cannot be told (offline), the push service answers its next push 410 Gone and it forgets then.
 */
export async function turnOffHere(): Promise<void> {
  const subscription = await currentSubscription()
  const endpoints = new Set([subscription?.endpoint, sentEndpoint()].filter((e): e is string => Boolean(e)))
  localStorage.removeItem(SENT_ENDPOINT_KEY)
  await subscription?.unsubscribe()
  const told = await Promise.allSettled([...endpoints].map((endpoint) => unsubscribePush(api, endpoint)))
  for (const outcome of told)
    if (outcome.status === 'rejected') console.warn('push subscription not removed', outcome.reason)
}

/**
 * Signed in, at start and when the worker subscribed again: a subscription the browser replaced since it was
 * handed over is handed over (the old endpoint forgotten), one it lost is made again while the permission holds,
 * and none is kept once the permission was withdrawn.
 */
export async function syncThisDevice(): Promise<void> {
  const sent = sentEndpoint()
  if (!sent || deviceSupport().kind !== 'supported') return
  const subscription = await currentSubscription()
  if (subscription?.endpoint === sent) return
  if (Notification.permission === 'granted') await handOver(await subscribeHere())
  else localStorage.removeItem(SENT_ENDPOINT_KEY)
  await unsubscribePush(api, sent)
}
