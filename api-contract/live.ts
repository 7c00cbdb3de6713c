// Live donations: GET /api/live/donations/ is a stream of server-sent events (text/event-stream). Shared by
// server/ (validation, OpenAPI) and src/ (types only). The events, in the stream's order:
//   retry: 1000                     first: the reconnect delay EventSource waits
//   event: resync  data: LiveResync  the client reads again what it shows (not after a resumed reconnect)
//   event: donation id: <donation id>  data: LiveDonation
//   : ping                          a comment every LIVE_HEARTBEAT_MS (no event)
import { Type, type Static } from 'typebox'
import { Id, SolAmount, UsdcAmount } from './common'
import { Donation } from './donations'

/** Most emergencies one stream follows (a dashboard page shows 8). */
export const MAX_LIVE_EMERGENCIES = 50

export const LiveQuery = Type.Object({
  emergency_id: Type.Optional(
    Type.Array(Id, {
      maxItems: MAX_LIVE_EMERGENCIES,
      description:
        'repeated: only these emergencies’ donations (a donate page, a dashboard); absent: every public donation',
    }),
  ),
  last_event_id: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,16}$',
      description:
        'resume after this event (a donation id the client already shows); the Last-Event-ID header wins',
    }),
  ),
})
export type LiveQuery = Static<typeof LiveQuery>

/** `event: donation`: a donation just credited, and its emergency's totals with it. */
export const LiveDonation = Type.Object({
  /** as the public feed shows it */
  donation: Donation,
  emergency: Type.Object({
    id: Type.Integer(),
    /** SOL raised (the goal's currency) */
    total_donated: SolAmount,
    /** USDC raised, beside it (never added to it) */
    usdc_donated: UsdcAmount,
    /** donations in either currency */
    donation_count: Type.Integer(),
    sol_goal: SolAmount,
  }),
})
export type LiveDonation = Static<typeof LiveDonation>

/**
 * `event: resync`: read again what the page shows (page 1, the emergency's totals). 'connected': a stream opened
 * with no id to resume after; 'missed': events may be missing (an id this server does not hold, or it lost its
 * database connection for a moment).
 */
export const LiveResync = Type.Object({
  reason: Type.Union([Type.Literal('connected'), Type.Literal('missed')]),
})
export type LiveResync = Static<typeof LiveResync>
