// Polls whether the QR panel's donation has been received (the server's reference watcher records it from the
// chain): only while `active` and the tab is visible, and no more once received.
import { type CheckoutStatus, fetchCheckoutStatus } from '../../lib/actions.api'
import { useLoad } from '../../lib/use-load'
import { api } from '../../state/api'

const POLL_MS = 2000

export function useCheckoutStatus(checkout: string, active: boolean): CheckoutStatus | null {
  const { data } = useLoad((signal) => fetchCheckoutStatus(api, checkout, signal), `checkout-${checkout}`, {
    refreshMs: POLL_MS,
    until: (status) => status.status === 'received',
    enabled: active,
  })
  return data
}
