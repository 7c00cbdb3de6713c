// The listing-fee flow: the payment pipeline pays the fee to the platform wallet, then the server
// verifies the signature and lists the campaign (src/payment/payment.flows.ts runListingFee).
import { useCallback } from 'react'
import { usePayment } from '../../payment/use-payment'

export function useListingPayment(campaignId: string) {
  const payment = usePayment('listing-fee', campaignId)
  const run = useCallback(() => payment.pay(campaignId, { campaign_id: campaignId }), [campaignId, payment])
  return { run, busy: payment.busy, error: payment.error }
}
