// Loads one emergency for /donate/:id and /edit/:id; an id that is not a number or not found → 'Emergency not
// found.' and back home; offline with no saved copy, that it is not saved on this device yet (issue 29: never a
// bare failure); any other failure shows 'Failed to fetch emergency details.' on the page. `live` (the donate
// page): its totals follow the donations as they are credited (src/lib/live-donations.ts).
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError } from '../../lib/api-client'
import { hasCode } from '../../lib/error-text'
import { type Emergency, fetchEmergency } from '../../lib/emergencies.api'
import type { ApiClient } from '../../lib/api-client'
import type { Read } from '../../lib/public-read'
import { useLoad } from '../../lib/use-load'
import { useLiveDonations, withLiveTotals } from '../../lib/use-live-donations'
import { useOnline } from '../../lib/use-online'
import { pushToastAtom } from '../../state/toast.atoms'

export const NOT_FOUND_TEXT = 'Emergency not found.'
export const FETCH_FAILED_TEXT = 'Failed to fetch emergency details.'
export const OFFLINE_TEXT =
  'You are offline. This emergency is not saved on this device yet; it opens when you are back online.'

/** `first`: the emergency as the route's loader read it (/donate/:id), so nothing is fetched again. */
export function useEmergency(
  client: ApiClient,
  id: string | undefined,
  first?: Read<Emergency>,
  { live = false } = {},
) {
  const navigate = useNavigate()
  const toast = useSetAtom(pushToastAtom)
  const loaded = useLoad((signal) => fetchEmergency(client, id ?? '', signal), `emergency-${id}`, {
    initial: first,
  })
  const online = useOnline()
  const missing = hasCode(loaded.error, 'not_found')
  // No answer from the server (an answer carries a code) while the browser is offline.
  const offline = loaded.error !== null && !online && !(loaded.error instanceof ApiError && loaded.error.code)
  const followed = Number(id)
  useLiveDonations(live && Number.isSafeInteger(followed) ? { emergencyIds: [followed] } : null, {
    donation: (event) => loaded.setData((held) => withLiveTotals(held, event)!),
    resync: loaded.reload,
  })

  useEffect(() => {
    if (!missing) return
    toast({ kind: 'error', text: NOT_FOUND_TEXT })
    navigate('/', { replace: true })
  }, [missing, navigate, toast])

  return {
    emergency: loaded.data,
    setEmergency: loaded.setData,
    error: loaded.error && !missing ? (offline ? OFFLINE_TEXT : FETCH_FAILED_TEXT) : null,
    offline,
  }
}
