// Recording a payment with the API exactly once, across reloads: the attempt is marked before the request goes
// out, so when a page died before the answer came back, the next run knows that "already been processed" is
// its own earlier record, not somebody else's (the server credits each signature once: payments.tx_hash UNIQUE).
import { ApiError } from '../lib/api-client'
import { hasCode } from '../lib/error-text'
import type { RunContext } from '../flows/flow-runner'
import { markStep } from '../flows/pending-flow'

export const RECORD_DEFERRED_TEXT =
  'Your payment went through. Lifeline could not record it just now and will finish as soon as it can be reached.'

/** The payment is on-chain but the API could not record it now; the pending flow stays for the next visit. */
export class RecordingDeferred extends Error {
  constructor() {
    super(RECORD_DEFERRED_TEXT)
    this.name = 'RecordingDeferred'
  }
}

/** Not the payment's fault: network down, server or ledger unavailable, or the session to be renewed. */
const transient = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 401 || error.status === 429

/** Posts the record; resolves with the answer, or undefined when an earlier run of this flow recorded it. */
export async function recordOnce<T>(
  context: RunContext<unknown>,
  post: () => Promise<T>,
): Promise<T | undefined> {
  const again = 'recording' in context.flow.steps
  markStep(context.flow, 'recording')
  try {
    return await post()
  } catch (error) {
    if (again && hasCode(error, 'payment_already_processed', 'payment_already_verified')) return undefined
    if (transient(error)) throw new RecordingDeferred()
    throw error
  }
}
