// Solana Pay transaction-request URLs for the donation Action (solana:<https URL of the transaction request>).
import { randomId } from '../../lib/random-id'
import { formatSol } from '../../lib/sol'

/** A random id for one QR panel's checkout: 16 bytes, base64url (22 characters). */
export const newCheckoutId = randomId

/** The Action's URL for this emergency, amount and tip (SOL in the query, as the server reads it). */
export function actionUrl(
  origin: string,
  emergencyId: number,
  amount: bigint,
  tip: bigint,
  checkout: string,
) {
  const query = new URLSearchParams({ amount: formatSol(amount, 0) })
  if (tip > 0n) query.set('tip', formatSol(tip, 0))
  query.set('checkout', checkout)
  return `${origin}/api/actions/donate/${emergencyId}?${query}`
}

/** `solana:<link>`, the link URL-encoded because it has a query (Solana Pay spec, "Link"). */
export const transactionRequestUrl = (link: string) => `solana:${encodeURIComponent(link)}`

/** The page people share; with actions.json it unfurls as a blink where clients support it. */
export const donatePageUrl = (origin: string, emergencyId: number) => `${origin}/donate/${emergencyId}`
