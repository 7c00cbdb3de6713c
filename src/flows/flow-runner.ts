// Runs a pending flow (src/state/pending-flow.ts): once per page at a time, steps memoized, cleared when it
// ends. The outcome says where to go next; whoever started or resumed it applies that (src/state/flows.ts).
import type { getDefaultStore } from 'jotai'
import { clearPendingFlow, step, type PendingFlow } from './pending-flow'
import { walletFailureOf } from '../state/wallet.atoms'

export type Store = ReturnType<typeof getDefaultStore>

export interface FlowOutcome {
  /** The route to show next. */
  to?: string
  replace?: boolean
  /** Wait before going (the spec's 2 s before /register). */
  delayMs?: number
  /** Keep the flow stored: it is not finished (a payment sent but not yet recorded). */
  keep?: boolean
}

export interface RunContext<Input> {
  store: Store
  flow: PendingFlow<Input>
  /** Runs a step once for this flow, across reloads. */
  step<T>(name: string, run: () => Promise<T>): Promise<T>
  /** True when the flow continues after a reload or a return from the wallet (no fresh tap). */
  resumed: boolean
}

export type Runner<Input> = (context: RunContext<Input>) => Promise<FlowOutcome | void>

const running = new Map<string, Promise<FlowOutcome | void>>()

/** Whether a flow runs in this page (a second tap, or an automatic sign-in, waits its turn). */
export const isFlowRunning = (): boolean => running.size > 0

export function runFlow<Input>(
  store: Store,
  flow: PendingFlow<Input>,
  runner: Runner<Input>,
  resumed: boolean,
): Promise<FlowOutcome | void> {
  const already = running.get(flow.id)
  if (already) return already
  const run = (async () => {
    try {
      const outcome = await runner({ store, flow, step: (name, fn) => step(flow, name, fn), resumed })
      if (!outcome?.keep) clearPendingFlow(flow.id)
      return outcome
    } catch (error) {
      // Runners report their own failures; what reaches here is a cancellation or a fault, and the flow ends.
      clearPendingFlow(flow.id)
      if (walletFailureOf(error)?.failure !== 'cancelled') console.warn(`${flow.kind} failed`, error)
    } finally {
      running.delete(flow.id)
    }
  })()
  running.set(flow.id, run)
  return run
}
