// Loads one emergency for /donate/:id and /edit/:id; an id that is not a number or not found → 'Emergency not
// found.' and back home; any other failure shows 'Failed to fetch emergency details.' on the page.
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useNavigate } from '../../lib/router'
import { ApiError } from '../../lib/api-client'
import { fetchEmergency } from '../../lib/emergencies.api'
import type { ApiClient } from '../../lib/api-client'
import { useLoad } from '../../lib/use-load'
import { pushToastAtom } from '../../state/toast.atoms'

export const NOT_FOUND_TEXT = 'Emergency not found.'
export const FETCH_FAILED_TEXT = 'Failed to fetch emergency details.'

const notFound = new ApiError(404, 'Not found')

export function useEmergency(client: ApiClient, id: string | undefined) {
  const navigate = useNavigate()
  const toast = useSetAtom(pushToastAtom)
  const valid = Boolean(id && /^\d+$/.test(id))
  const loaded = useLoad(
    (signal) => (valid ? fetchEmergency(client, id as string, signal) : Promise.reject(notFound)),
    `emergency-${id}`,
    { served: true },
  )
  const missing = loaded.error instanceof ApiError && loaded.error.status === 404

  useEffect(() => {
    if (!missing) return
    toast({ kind: 'error', text: NOT_FOUND_TEXT })
    navigate('/', { replace: true })
  }, [missing, navigate, toast])

  return {
    emergency: loaded.data,
    setEmergency: loaded.setData,
    error: loaded.error && !missing ? FETCH_FAILED_TEXT : null,
  }
}
