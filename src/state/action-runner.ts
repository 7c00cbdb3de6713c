// Runs a pending action (src/state/pending-action.ts): once per page at a time, steps memoized, cleared when it
// ends. The outcome says where to go next; whoever started or resumed it applies that (src/state/actions.ts).
import type { getDefaultStore } from 'jotai'
import { clearPendingAction, step, type PendingAction } from './pending-action'
import { walletFailureOf } from './wallet.atoms'

export type Store = ReturnType<typeof getDefaultStore>

export interface ActionOutcome {
  /** The route to show next. */
  to?: string
  replace?: boolean
  /** Wait before going (the spec's 2 s before /register). */
  delayMs?: number
  /** Keep the action stored: it is not finished (a payment sent but not yet recorded). */
  keep?: boolean
}

export interface RunContext<Input> {
  store: Store
  action: PendingAction<Input>
  /** Runs a step once for this action, across reloads. */
  step<T>(name: string, run: () => Promise<T>): Promise<T>
  /** True when the action continues after a reload or a return from the wallet (no fresh tap). */
  resumed: boolean
}

export type Runner<Input> = (context: RunContext<Input>) => Promise<ActionOutcome | void>

const running = new Map<string, Promise<ActionOutcome | void>>()

/** Whether an action runs in this page (a second tap, or an automatic sign-in, waits its turn). */
export const isActionRunning = (): boolean => running.size > 0

export function runAction<Input>(
  store: Store,
  action: PendingAction<Input>,
  runner: Runner<Input>,
  resumed: boolean,
): Promise<ActionOutcome | void> {
  const already = running.get(action.id)
  if (already) return already
  const run = (async () => {
    try {
      const outcome = await runner({ store, action, step: (name, fn) => step(action, name, fn), resumed })
      if (!outcome?.keep) clearPendingAction(action.id)
      return outcome
    } catch (error) {
      // Runners report their own failures; what reaches here is a cancellation or a fault, and the action ends.
      clearPendingAction(action.id)
      if (walletFailureOf(error)?.failure !== 'cancelled') console.warn(`${action.kind} failed`, error)
    } finally {
      running.delete(action.id)
    }
  })()
  running.set(action.id, run)
  return run
}
