// Polls whether the QR panel's donation has been received (the server's reference watcher records it from the
// chain): only while the panel shows a gift and the tab is visible, and no more once received. The server counts a
// donation as the panel's only if it is of the panel's currency, amount and tip: a stranger's smaller payment with
// the same checkout id is not "received".
import { type CheckoutStatus, fetchCheckoutStatus } from '../../lib/actions.api'
import { useLoad } from '../../lib/use-load'
import { api } from '../../state/api'
import { giftQuery, type QrGift } from './solana-pay'

const POLL_MS = 2000

export function useCheckoutStatus(checkout: string, gift: QrGift | null): CheckoutStatus | null {
  const query = gift ? giftQuery(gift) : new URLSearchParams()
  const { data } = useLoad(
    (signal) => fetchCheckoutStatus(api, checkout, query, signal),
    `checkout-${checkout}?${query}`,
    { refreshMs: POLL_MS, until: (status) => status.status === 'received', enabled: gift !== null },
  )
  return data
}
