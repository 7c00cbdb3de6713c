// Solana Pay transaction-request URLs for the donation Action (solana:<https URL of the transaction request>).
import { formatAmount, type Currency } from '../../lib/money'
import { randomId } from '../../lib/random-id'

/** A random id for one QR panel's checkout: 16 bytes, base64url (22 characters). */
export const newCheckoutId = randomId

/** What the QR gives: the amount and tip in base units of the currency. */
export interface QrGift {
  currency: Currency
  amount: bigint
  tip: bigint
}

/** The Action's URL for this emergency, amount and tip, in the currency's units as the server reads them
 * (`currency=usdc` for USDC; SOL, the default, names none). */
export function actionUrl(origin: string, emergencyId: number, gift: QrGift, checkout: string) {
  const query = giftQuery(gift)
  query.set('checkout', checkout)
  return `${origin}/api/actions/donate/${emergencyId}?${query}`
}

/** The gift as the Action and the checkout's status read it: only a donation of this amount and tip is the panel's. */
export function giftQuery({ currency, amount, tip }: QrGift): URLSearchParams {
  const query = new URLSearchParams(currency === 'USDC' ? { currency: 'usdc' } : {})
  query.set('amount', formatAmount(currency, amount, 0))
  if (tip > 0n) query.set('tip', formatAmount(currency, tip, 0))
  return query
}

/** `solana:<link>`, the link URL-encoded because it has a query (Solana Pay spec, "Link"). */
export const transactionRequestUrl = (link: string) => `solana:${encodeURIComponent(link)}`

/** The page people share; with actions.json it unfurls as a blink where clients support it. */
export const donatePageUrl = (origin: string, emergencyId: number) => `${origin}/donate/${emergencyId}`
