// Badges the server awards. Shared by server/ and src/ (types only).
import { Type, type Static } from 'typebox'

export const BADGE_KINDS = [
  'first_donation',
  'three_emergencies',
  'one_sol_donated',
  'hundred_usdc_donated',
  'first_emergency',
  'goal_reached',
] as const
export type BadgeKind = (typeof BADGE_KINDS)[number]

export const Badge = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(BADGE_KINDS),
  title: Type.String(),
  /** the transaction that earned it; null for badges no payment earned (first emergency) */
  tx_hash: Type.Union([Type.String(), Type.Null()]),
  issued_at: Type.String({ format: 'date-time' }),
})
export type Badge = Static<typeof Badge>
