// A screen's handle on one payment (donation, boost, listing fee): start it, and show where it stands even when
// it was started before a reload or a wallet round trip (the status lives in paymentStatusAtom).
import { useAtomValue, useStore } from 'jotai'
import { useCallback } from 'react'
import { useFlows, type FlowInputs } from '../flows/use-flows'
import { paymentStatusAtom, stageText, type PaymentKind } from './payment-status'

/** `target`: the emergency or campaign the screen shows; null on a screen with several (the dashboard). */
export function usePayment<K extends PaymentKind>(kind: K, target: string | null) {
  const store = useStore()
  const { start } = useFlows()
  const status = useAtomValue(paymentStatusAtom)
  const mine = status?.kind === kind && (target === null || status.target === target) ? status : null

  const pay = useCallback(
    (paidFor: string, input: FlowInputs[K]) => {
      // Progress at once: the wallet stack may still be loading behind the tap.
      store.set(paymentStatusAtom, { kind, target: paidFor, busy: stageText(kind, 'preparing'), error: null })
      return start(kind, input)
    },
    [kind, start, store],
  )

  /** Forgets this screen's ended payment (e.g. the thank-you closed to donate again). */
  const clear = useCallback(() => {
    if (mine && mine.busy === null) store.set(paymentStatusAtom, null)
  }, [mine, store])

  return {
    pay,
    clear,
    busy: mine?.busy ?? null,
    error: mine?.error ?? null,
    /** Which emergency or campaign the shown status is about. */
    target: mine?.target ?? null,
    result: mine?.result,
  }
}
