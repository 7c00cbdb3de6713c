// A pending flow is a user's request that may outlive the page: a wallet deep link reloads it (or the answer
// arrives in another tab, or the home-screen app is killed in the background). It is stored before anything can
// leave the page, and each finished step is stored with its result, so running it again after a reload repeats
// no step: the same nonce is signed, the same transaction is sent, a payment is recorded once
// (docs/decisions/007-phone-wallets.md).
export type FlowKind = 'connect' | 'sign-in' | 'register' | 'donation' | 'boost' | 'listing-fee'

export interface PendingFlow<Input = unknown> {
  id: string
  kind: FlowKind
  input: Input
  /** Results of the finished steps, by step name (JSON values). */
  steps: Record<string, unknown>
  /** The page that started it, where it continues. */
  returnTo: string
  createdAt: number
}

export const PENDING_FLOW_KEY = 'lifeline.pending-action'

/**
 * Actions older than this are dropped when nothing of theirs can have moved money: a wallet's answer and a
 * sign-in nonce are dead by then. A payment the wallet signed is always finished (sent, confirmed, recorded).
 */
export const FLOW_MAX_AGE_MS = 10 * 60_000

/** Whether the wallet has signed this flow's transaction: from then on it is finished, never replaced. */
export const hasSignedPayment = (flow: PendingFlow): boolean => 'signed' in flow.steps

export function newFlow<Input>(kind: FlowKind, input: Input, returnTo: string): PendingFlow<Input> {
  return { id: crypto.randomUUID(), kind, input, steps: {}, returnTo, createdAt: Date.now() }
}

export function loadPendingFlow(): PendingFlow | null {
  try {
    const stored = localStorage.getItem(PENDING_FLOW_KEY)
    return stored ? (JSON.parse(stored) as PendingFlow) : null
  } catch {
    return null
  }
}

export function savePendingFlow(flow: PendingFlow<unknown>): void {
  localStorage.setItem(PENDING_FLOW_KEY, JSON.stringify(flow))
}

/** Clears the stored flow if it is still `id` (a newer one may have replaced it). */
export function clearPendingFlow(id: string): void {
  if (loadPendingFlow()?.id === id) localStorage.removeItem(PENDING_FLOW_KEY)
}

/** Runs `run` unless the step already finished; stores its result before the next step starts. */
export async function step<T>(flow: PendingFlow<unknown>, name: string, run: () => Promise<T>): Promise<T> {
  if (name in flow.steps) return flow.steps[name] as T
  const result = await run()
  flow.steps[name] = result
  if (loadPendingFlow()?.id === flow.id) savePendingFlow(flow)
  return result
}

/** Marks a step as started (before a request whose answer could be lost with the page). */
export function markStep(flow: PendingFlow<unknown>, name: string): void {
  flow.steps[name] = true
  if (loadPendingFlow()?.id === flow.id) savePendingFlow(flow)
}
