// The donation Action / Solana Pay transaction request (server/modules/actions/README.md).
import type { CheckoutStatus } from '../../api-contract/actions'
import type { ApiClient } from './api-client'

export type { CheckoutStatus }

/** Has the donation of this checkout (the QR panel's) been received? */
/** `gift`: the panel's currency, amount and tip as a query (only a donation of those is the panel's). */
export const fetchCheckoutStatus = (
  api: ApiClient,
  checkout: string,
  gift: URLSearchParams,
  signal?: AbortSignal,
) => api.get<CheckoutStatus>(`actions/checkouts/${checkout}/?${gift}`, { signal })
