// The donation flow: register first (what was typed is kept for the way back) → the payment pipeline (src/payment/payment.flows.ts):
// one transaction (donation + tip, in SOL or USDC) signed by the wallet, sent and confirmed by us, recorded by the server →
// the thank-you on the donate page. It continues on its own after a wallet deep link's round trip.
import { useSetAtom, useStore } from 'jotai'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Emergency } from '../../../api-contract/emergencies'
import { tokenAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import type { DonationReceipt } from '../../payment/payment.flows'
import { usePayment } from '../../payment/use-payment'
import { DONATION_TEXT } from './donation-math'
import type { DonationRequest } from './DonationForm'
import { saveDetour, type TypedDonation } from './donation-detour'

export const REGISTER_REDIRECT_MS = 1500

export function useDonate(emergency: Emergency) {
  const store = useStore()
  const navigate = useNavigate()
  const toast = useSetAtom(pushToastAtom)
  const payment = usePayment('donation', String(emergency.id))
  const [notice, setNotice] = useState<string | null>(null)

  const run = useCallback(
    async ({ currency, amount, tip, comment }: DonationRequest, typed: TypedDonation) => {
      setNotice(null)
      if (!store.get(tokenAtom)) {
        // Kept while they register; the form puts it back when they return here (DonationPanel).
        saveDetour(emergency.id, typed)
        toast({ kind: 'info', text: DONATION_TEXT.registerFirst })
        setNotice(DONATION_TEXT.registerFirst)
        const back = encodeURIComponent(`/donate/${emergency.id}`)
        window.setTimeout(() => navigate(`/register?redirect=${back}`), REGISTER_REDIRECT_MS)
        return
      }
      await payment.pay(String(emergency.id), {
        emergency_id: emergency.id,
        receiving_wallet: emergency.receiving_wallet,
        currency,
        amount: amount.toString(),
        tip: tip.toString(),
        comment,
      })
    },
    [emergency, navigate, payment, store, toast],
  )

  return {
    run,
    busy: payment.busy,
    error: notice ?? payment.error,
    /** The recorded donation, once it is (the thank-you shows it). */
    receipt: payment.result as DonationReceipt | undefined,
    /** Back to the form (the thank-you closed). */
    again: payment.clear,
  }
}
