// Web push: a browser's subscription, following an emergency, and what a push message carries (the service worker
// shows it as a notification). Shared by server/ (validation, OpenAPI) and src/ (types only).
import { Type, type Static } from 'typebox'

/** `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionRequest = Type.Object({
  endpoint: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'https URL of the push service (a loopback, private or link-local address is refused)',
  }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 200, description: 'P-256 public key, base64url' }),
    auth: Type.String({ minLength: 1, maxLength: 100, description: '16-byte secret, base64url' }),
  }),
})
export type PushSubscriptionRequest = Static<typeof PushSubscriptionRequest>

export const PushSubscriptionAnswer = Type.Object({ endpoint: Type.String() })
export type PushSubscriptionAnswer = Static<typeof PushSubscriptionAnswer>

/** DELETE push/subscriptions/: the endpoint alone (a browser that logs out still knows it). */
export const UnsubscribeRequest = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: 2048 }) })
export type UnsubscribeRequest = Static<typeof UnsubscribeRequest>

export const FollowAnswer = Type.Object({ following: Type.Boolean() })
export type FollowAnswer = Static<typeof FollowAnswer>

/** The decrypted body of every push message: always a visible notification. */
export const PushPayload = Type.Object({
  title: Type.String(),
  body: Type.String(),
  /** the page a tap opens, a path on PUBLIC_URL: /donate/{id} or /dashboard */
  url: Type.String(),
  /** a notification with the same tag replaces the earlier one */
  tag: Type.String(),
})
export type PushPayload = Static<typeof PushPayload>
