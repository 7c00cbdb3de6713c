// A pending action is a user's request that may outlive the page: a wallet deep link reloads it (or the answer
// arrives in another tab, or the home-screen app is killed in the background). It is stored before anything can
// leave the page, and each finished step is stored with its result, so running it again after a reload repeats
// no step: the same nonce is signed, the same transaction is sent, a payment is recorded once
// (docs/decisions/007-phone-wallets.md).
export type ActionKind = 'connect' | 'sign-in' | 'register' | 'donation' | 'boost' | 'listing-fee'

export interface PendingAction<Input = unknown> {
  id: string
  kind: ActionKind
  input: Input
  /** Results of the finished steps, by step name (JSON values). */
  steps: Record<string, unknown>
  /** The page that started it, where it continues. */
  returnTo: string
  createdAt: number
}

export const PENDING_ACTION_KEY = 'lifeline.pending-action'

/**
 * Actions older than this are dropped when nothing of theirs can have moved money: a wallet's answer and a
 * sign-in nonce are dead by then. A payment the wallet signed is always finished (sent, confirmed, recorded).
 */
export const ACTION_MAX_AGE_MS = 10 * 60_000

/** Whether the wallet has signed this action's transaction: from then on it is finished, never replaced. */
export const hasSignedPayment = (action: PendingAction): boolean => 'signed' in action.steps

export function newAction<Input>(kind: ActionKind, input: Input, returnTo: string): PendingAction<Input> {
  return { id: crypto.randomUUID(), kind, input, steps: {}, returnTo, createdAt: Date.now() }
}

export function loadPendingAction(): PendingAction | null {
  try {
    const stored = localStorage.getItem(PENDING_ACTION_KEY)
    return stored ? (JSON.parse(stored) as PendingAction) : null
  } catch {
    return null
  }
}

export function savePendingAction(action: PendingAction<unknown>): void {
  localStorage.setItem(PENDING_ACTION_KEY, JSON.stringify(action))
}

/** Clears the stored action if it is still `id` (a newer one may have replaced it). */
export function clearPendingAction(id: string): void {
  if (loadPendingAction()?.id === id) localStorage.removeItem(PENDING_ACTION_KEY)
}

/** Runs `run` unless the step already finished; stores its result before the next step starts. */
export async function step<T>(
  action: PendingAction<unknown>,
  name: string,
  run: () => Promise<T>,
): Promise<T> {
  if (name in action.steps) return action.steps[name] as T
  const result = await run()
  action.steps[name] = result
  if (loadPendingAction()?.id === action.id) savePendingAction(action)
  return result
}

/** Marks a step as started (before a request whose answer could be lost with the page). */
export function markStep(action: PendingAction<unknown>, name: string): void {
  action.steps[name] = true
  if (loadPendingAction()?.id === action.id) savePendingAction(action)
}
