// Starting and resuming pending flows from screens: one place knows every kind and where each goes next.
import { useStore } from 'jotai'
import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { isFlowRunning, runFlow, type FlowOutcome, type Runner } from './flow-runner'
import {
  runConnect,
  runRegister,
  runSignIn,
  type ConnectInput,
  type RegisterInput,
  type SignInInput,
} from '../sign-in/sign-in.flows'
import type { BoostInput, DonationInput, ListingFeeInput } from '../payment/payment.flows'
import {
  FLOW_MAX_AGE_MS,
  clearPendingFlow,
  hasSignedPayment,
  loadPendingFlow,
  newFlow,
  savePendingFlow,
  type FlowKind,
  type PendingFlow,
} from './pending-flow'
import { pushToastAtom } from '../state/toast.atoms'

export interface FlowInputs {
  connect: ConnectInput
  'sign-in': SignInInput
  register: RegisterInput
  donation: DonationInput
  boost: BoostInput
  'listing-fee': ListingFeeInput
}

/** The payment runners load when a payment starts or resumes: they stay out of the first screen's bundle. */
const payments = () => import('../payment/payment.flows')
const later =
  <Input>(load: () => Promise<Runner<Input>>): Runner<Input> =>
  async (context) =>
    (await load())(context)

const RUNNERS: { [K in FlowKind]: Runner<FlowInputs[K]> } = {
  connect: runConnect,
  'sign-in': runSignIn,
  register: runRegister,
  donation: later(() => payments().then((module) => module.runDonation)),
  boost: later(() => payments().then((module) => module.runBoost)),
  'listing-fee': later(() => payments().then((module) => module.runListingFee)),
}

export const EARLIER_PAYMENT_TEXT = 'Finishing your earlier payment first.'

/** Whether a stored flow is too old to continue (its nonce or its wallet request has expired). */
const expired = (flow: PendingFlow, now: number) =>
  !hasSignedPayment(flow) && now - flow.createdAt > FLOW_MAX_AGE_MS

export function useFlows() {
  const store = useStore()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()

  const go = useCallback(
    (outcome: FlowOutcome | void) => {
      const to = outcome?.to
      if (!to) return
      if (outcome.delayMs) window.setTimeout(() => navigate(to), outcome.delayMs)
      else navigate(to, { replace: outcome.replace })
    },
    [navigate],
  )

  /**
   * Starts a flow from a tap. Stored before it runs, so a deep link can take the page away at any step.
   * While one runs in this page a second start does nothing; an `automatic` start (auto-login, the register
   * screen's check) also gives way to a stored flow that has yet to resume.
   */
  const start = useCallback(
    async <K extends FlowKind>(kind: K, input: FlowInputs[K], options: { automatic?: boolean } = {}) => {
      const stored = loadPendingFlow()
      if (isFlowRunning() || (options.automatic && stored)) return
      // A payment the wallet already signed may still land: finish it rather than pay again.
      if (stored && hasSignedPayment(stored)) {
        store.set(pushToastAtom, { kind: 'info', text: EARLIER_PAYMENT_TEXT })
        go(await runFlow(store, stored, RUNNERS[stored.kind] as Runner<unknown>, false))
        return
      }
      const flow = newFlow(kind, input, `${pathname}${search}`)
      savePendingFlow(flow)
      go(await runFlow(store, flow, RUNNERS[kind], false))
    },
    [go, pathname, search, store],
  )

  /** Continues the stored flow after a reload or a return from the wallet. */
  const resume = useCallback(async () => {
    const flow = loadPendingFlow()
    if (!flow || isFlowRunning()) return
    if (expired(flow, Date.now())) return clearPendingFlow(flow.id)
    const runner = RUNNERS[flow.kind] as Runner<unknown>
    go(await runFlow(store, flow, runner, true))
  }, [go, store])

  return { start, resume }
}
