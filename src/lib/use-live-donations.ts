// A screen follows live donations (src/lib/live-donations.ts) while it is shown: subscribed in an effect, so the
// server's render and the hydrating render stay equal, and the latest handlers run without subscribing again.
import { useEffect, useRef } from 'react'
import type { LiveDonation } from '../../api-contract/live'
import type { Emergency } from './emergencies.api'
import { followDonations, type LiveFollower, type LiveQuery } from './live-donations'

/** `query` null: nothing is followed (e.g. a searched feed, which live rows would not match). */
export function useLiveDonations(query: LiveQuery | null, follower: LiveFollower): void {
  const key = query && (query.emergencyIds ?? []).join(',')
  const latest = useRef({ query, follower, key })
  latest.current = { query, follower, key }
  useEffect(() => {
    const { query } = latest.current
    if (key === null || !query) return
    // Between a render that stops following (a search typed) and its commit, the stream is still open: its events
    // are not the latest screen's.
    const followed = () => latest.current.key === key
    return followDonations(query, {
      donation: (event) => followed() && latest.current.follower.donation(event),
      resync: () => followed() && latest.current.follower.resync(),
    })
  }, [key])
}

/** An emergency with a live donation's totals, unless it already counts more (a resumed stream may repeat an
 * event), the donation is another emergency's, or there is none. */
export function withLiveTotals<E extends Emergency | null>(held: E, event: LiveDonation | undefined): E {
  const live = event?.emergency
  if (!held || !live || live.id !== held.id || live.donation_count < held.donation_count) return held
  return {
    ...held,
    total_donated: live.total_donated,
    usdc_donated: live.usdc_donated,
    donation_count: live.donation_count,
  }
}
