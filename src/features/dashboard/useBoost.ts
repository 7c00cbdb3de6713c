import { useEffect, useRef } from 'react'
import type { Emergency } from '../../lib/emergencies.api'
import { usePayment } from '../../payment/use-payment'

/**
 * Boosts from the dashboard: the payment pipeline pays 0.1 SOL, then the server verifies and features it. The
 * updated emergency comes back through the payment status, also when the boost finished after a reload.
 */
export function useBoost(onBoosted: (emergency: Emergency) => void) {
  const payment = usePayment('boost', null)
  const boosted = payment.result as Emergency | undefined
  const report = useRef(onBoosted)
  report.current = onBoosted

  useEffect(() => {
    if (boosted) report.current(boosted)
  }, [boosted])

  const boost = (id: number) => payment.pay(String(id), { emergency_id: id })
  return { boost, boosting: payment.busy && payment.target ? Number(payment.target) : null }
}
