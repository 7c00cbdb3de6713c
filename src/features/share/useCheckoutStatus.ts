// Polls whether the QR panel's donation has been received (the server's reference watcher records it from the
// chain). Only while `active` and the tab is visible; stops once received.
import { useEffect, useState } from 'react'
import { type CheckoutStatus, fetchCheckoutStatus } from '../../lib/actions.api'
import { api } from '../../state/api'

const POLL_MS = 2000

export function useCheckoutStatus(checkout: string, active: boolean): CheckoutStatus | null {
  const [status, setStatus] = useState<CheckoutStatus | null>(null)
  const received = status?.status === 'received'

  useEffect(() => setStatus(null), [checkout])

  useEffect(() => {
    if (!active || received) return
    const controller = new AbortController()
    const poll = () => {
      if (document.visibilityState !== 'visible') return
      fetchCheckoutStatus(api, checkout, controller.signal)
        .then(setStatus)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('checkout status failed', error)
        })
    }
    poll()
    const timer = window.setInterval(poll, POLL_MS)
    return () => {
      controller.abort()
      window.clearInterval(timer)
    }
  }, [checkout, active, received])

  return status
}
