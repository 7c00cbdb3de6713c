// Loads one emergency for /donate/:id and /edit/:id; 404 → 'Emergency not found.' and back home (spec §8).
import { useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError } from '../../lib/api-client'
import { fetchEmergency, type Emergency } from '../../lib/emergencies.api'
import type { ApiClient } from '../../lib/api-client'
import { pushToastAtom } from '../../state/toast.atoms'

export const NOT_FOUND_TEXT = 'Emergency not found.'
export const FETCH_FAILED_TEXT = 'Failed to fetch emergency details.'

export function useEmergency(client: ApiClient, id: string | undefined) {
  const navigate = useNavigate()
  const toast = useSetAtom(pushToastAtom)
  const [emergency, setEmergency] = useState<Emergency | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    if (!id || !/^\d+$/.test(id)) {
      toast({ kind: 'error', text: NOT_FOUND_TEXT })
      navigate('/', { replace: true })
      return
    }
    fetchEmergency(client, id, controller.signal)
      .then(setEmergency)
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return
        if (caught instanceof ApiError && caught.status === 404) {
          toast({ kind: 'error', text: NOT_FOUND_TEXT })
          navigate('/', { replace: true })
        } else {
          console.warn('emergency failed to load', caught)
          setError(FETCH_FAILED_TEXT)
        }
      })
    return () => controller.abort()
  }, [client, id, navigate, toast])

  return { emergency, setEmergency, error }
}
