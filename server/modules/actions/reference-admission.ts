// Whether a POST may open one more reference (issue 34, N5/N6). Each open reference costs RPC calls over its
// 15 minutes (the watcher's look-ups), so they are bounded: in all (503: the server's capacity, whoever asks) and
// per signing account (429: one wallet's unpaid donations). A QR panel's checkout takes no new reference for a
// donation it was paid already (its panel says "Received"; a new donation gets a new panel), nor beyond a few
// unpaid ones, so a pile of unpaid POSTs cannot change what the panel shows. A stranger's payment of another amount
// with the checkout id does not close the checkout for the panel's own donation. The counts and the
// insert run in one transaction under one lock: concurrent POSTs cannot pass a limit together.
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { AppError, conflict, retryLater } from '../../lib/errors'
import { admissionCounts, firstExpiry, insertReference, lockAdmission } from './action-references.repository'
import type { NewActionReference } from './action-references.table'

/** A QR panel's checkout: at most this many unpaid references at once (a donor rescanning, a wallet retrying). */
export const MAX_OPEN_PER_CHECKOUT = 5

export type ReferenceLimits = Config['actionReferences']

type Scope = { account?: string; checkout?: string }
type Refusal = { error: AppError; scope: Scope }

const PAY_ONE = 'Pay one, or try again in a few minutes.'
/** A refusal that clears as the scope's open references expire (429: this donor's; 503: everyone's). */
const waiting = (status: 429 | 503, message: string, scope: Scope): Refusal => ({
  error: new AppError(status === 429 ? 'rate_limited' : 'service_unavailable', message, status),
  scope,
})

function refusal(
  row: NewActionReference,
  counts: Awaited<ReturnType<typeof admissionCounts>>,
  limits: ReferenceLimits,
): Refusal | undefined {
  const { checkout, payerWallet: account } = row
  if (checkout && counts.checkoutPaid) {
    const message = 'This QR code was paid already. Open the donation again for a new one.'
    return { error: conflict('payment_already_processed', message), scope: {} }
  }
  if (checkout && counts.ofCheckout >= MAX_OPEN_PER_CHECKOUT)
    return waiting(429, `This QR code has several donations waiting to be paid. ${PAY_ONE}`, { checkout })
  if (counts.ofAccount >= limits.openPerAccount)
    return waiting(429, `This wallet has ${counts.ofAccount} donations waiting to be paid. ${PAY_ONE}`, {
      account,
    })
  if (counts.open >= limits.openMax)
    return waiting(
      503,
      'Too many donations are waiting to be paid right now. Please try again in a few minutes.',
      {},
    )
  return undefined
}

/**
 * Stores the new reference, or throws the refusal with Retry-After: until the first open reference of the scope
 * that refused expires (a refused checkout that was paid answers 409 without it).
 */
export async function admitReference(
  db: Db,
  row: NewActionReference,
  limits: ReferenceLimits,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAdmission(tx)
    const refused = refusal(row, await admissionCounts(tx, row, now), limits)
    if (!refused) return insertReference(tx, row)
    if (refused.error.status === 409) throw refused.error
    const frees = await firstExpiry(tx, refused.scope, now)
    throw retryLater(refused.error, frees ? (frees.getTime() - now.getTime()) / 1000 : 60)
  })
}
