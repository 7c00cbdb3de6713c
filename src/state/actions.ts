// Starting and resuming pending actions from screens: one place knows every kind and where each goes next.
import { useStore } from 'jotai'
import { useCallback } from 'react'
import { useLocation, useNavigate } from '../lib/router'
import { isActionRunning, runAction, type ActionOutcome, type Runner } from './action-runner'
import {
  runConnect,
  runRegister,
  runSignIn,
  type ConnectInput,
  type RegisterInput,
  type SignInInput,
} from './auth.flows'
import type { BoostInput, DonationInput, ListingFeeInput } from './payment.actions'
import {
  ACTION_MAX_AGE_MS,
  clearPendingAction,
  hasSignedPayment,
  loadPendingAction,
  newAction,
  savePendingAction,
  type ActionKind,
  type PendingAction,
} from './pending-action'
import { pushToastAtom } from './toast.atoms'

export interface ActionInputs {
  connect: ConnectInput
  'sign-in': SignInInput
  register: RegisterInput
  donation: DonationInput
  boost: BoostInput
  'listing-fee': ListingFeeInput
}

/** The payment runners load when a payment starts or resumes: they stay out of the first screen's bundle. */
const payments = () => import('./payment.actions')
const later =
  <Input>(load: () => Promise<Runner<Input>>): Runner<Input> =>
  async (context) =>
    (await load())(context)

const RUNNERS: { [K in ActionKind]: Runner<ActionInputs[K]> } = {
  connect: runConnect,
  'sign-in': runSignIn,
  register: runRegister,
  donation: later(() => payments().then((module) => module.runDonation)),
  boost: later(() => payments().then((module) => module.runBoost)),
  'listing-fee': later(() => payments().then((module) => module.runListingFee)),
}

export const EARLIER_PAYMENT_TEXT = 'Finishing your earlier payment first.'

/** Whether a stored action is too old to continue (its nonce or its wallet request has expired). */
const expired = (action: PendingAction, now: number) =>
  !hasSignedPayment(action) && now - action.createdAt > ACTION_MAX_AGE_MS

export function useActions() {
  const store = useStore()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()

  const go = useCallback(
    (outcome: ActionOutcome | void) => {
      const to = outcome?.to
      if (!to) return
      if (outcome.delayMs) window.setTimeout(() => navigate(to), outcome.delayMs)
      else navigate(to, { replace: outcome.replace })
    },
    [navigate],
  )

  /**
   * Starts an action from a tap. Stored before it runs, so a deep link can take the page away at any step.
   * While one runs in this page a second start does nothing; an `automatic` start (auto-login, the register
   * screen's check) also gives way to a stored action that has yet to resume.
   */
  const start = useCallback(
    async <K extends ActionKind>(kind: K, input: ActionInputs[K], options: { automatic?: boolean } = {}) => {
      const stored = loadPendingAction()
      if (isActionRunning() || (options.automatic && stored)) return
      // A payment the wallet already signed may still land: finish it rather than pay again.
      if (stored && hasSignedPayment(stored)) {
        store.set(pushToastAtom, { kind: 'info', text: EARLIER_PAYMENT_TEXT })
        go(await runAction(store, stored, RUNNERS[stored.kind] as Runner<unknown>, false))
        return
      }
      const action = newAction(kind, input, `${pathname}${search}`)
      savePendingAction(action)
      go(await runAction(store, action, RUNNERS[kind], false))
    },
    [go, pathname, search, store],
  )

  /** Continues the stored action after a reload or a return from the wallet. */
  const resume = useCallback(async () => {
    const action = loadPendingAction()
    if (!action || isActionRunning()) return
    if (expired(action, Date.now())) return clearPendingAction(action.id)
    const runner = RUNNERS[action.kind] as Runner<unknown>
    go(await runAction(store, action, runner, true))
  }, [go, store])

  return { start, resume }
}
