// The donor's side of the payment pipeline's tests: a signed-in wallet (a fake bridge signing with a real key), a
// donation started as the donate form starts it (stored first, so a deep link's round trip can resume it), and the
// error the payment status shows.
import { vi } from 'vitest'
import { runFlow } from '../flows/flow-runner'
import { newFlow, savePendingFlow } from '../flows/pending-flow'
import { runDonation, type DonationInput } from '../payment/payment.flows'
import { paymentStatusAtom } from '../payment/payment-status'
import { tokenAtom, walletAtom, walletTypeAtom } from '../state/auth.atoms'
import { walletBridgeAtom, type WalletBridge } from '../state/wallet.atoms'
import { fakeBridge, resetApp, store } from './harness'

/** A fresh app with no payment shown (the pipeline's warnings kept quiet). */
export function resetPayments() {
  resetApp()
  store.set(paymentStatusAtom, null)
  vi.unstubAllGlobals()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
}

/** A donor signed in with Phantom: the fake bridge, its address and an access token. */
export function signedIn(overrides: Partial<WalletBridge> = {}) {
  const wallet = fakeBridge(overrides)
  store.set(walletBridgeAtom, wallet.bridge)
  store.set(walletAtom, wallet.address)
  store.set(walletTypeAtom, 'Phantom')
  store.set(tokenAtom, 'access-token')
  return wallet
}

/** Stores the donation's flow and runs it, as the donate form on /donate/5 does. */
export function startDonation(input: DonationInput) {
  const flow = newFlow('donation', input, '/donate/5')
  savePendingFlow(flow)
  return runFlow(store, flow, runDonation, false)
}

/** The error the payment status shows, if any. */
export const paymentError = () => store.get(paymentStatusAtom)?.error
