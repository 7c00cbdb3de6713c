// What a user is told in their dashboard (GET /api/notifications/). Shared by server/ (validation, OpenAPI) and
// src/ (types only).
import { Type, type Static } from 'typebox'
import { Id } from './common'

export const NotificationKind = Type.Union([Type.Literal('emergency_confirmed_scam')], {
  description:
    'emergency_confirmed_scam: an emergency the user donated to was confirmed as a scam by an admin',
})
export type NotificationKind = Static<typeof NotificationKind>

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: NotificationKind,
  /** what it is about (an emergency the user donated to) */
  emergency_id: Type.Union([Type.Integer(), Type.Null()]),
  emergency_title: Type.Union([Type.String(), Type.Null()]),
  /** the text to show */
  message: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  /** null while unread */
  read_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type Notification = Static<typeof Notification>

export const UnreadNotifications = Type.Object({ unread: Type.Integer() })
export type UnreadNotifications = Static<typeof UnreadNotifications>

/** POST notifications/read/: these of mine, or all of mine when `ids` is absent. */
export const MarkRead = Type.Object({ ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })) })
export type MarkRead = Static<typeof MarkRead>

export const MarkedRead = Type.Object({ marked: Type.Integer({ description: 'notifications newly read' }) })
export type MarkedRead = Static<typeof MarkedRead>
