// After a create: 'Yes, Boost Now' pays 0.1 SOL and boosts; 'No, Maybe Later' goes on.
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { ConfirmModal } from '../../components/ConfirmModal'
import { useConfig } from '../../state/config'
import { usePayment } from '../../payment/use-payment'
import { walletStackRequestedAtom } from '../../state/wallet.atoms'

/**
 * The boost is paid through the payment pipeline, which reports success or failure itself; either way the
 * modal closes and the user goes to /dashboard. A boost that leaves for a wallet app comes back to
 * /create and finishes there.
 */
export function BoostModal({ emergencyId, onDone }: { emergencyId: number | null; onDone: () => void }) {
  const requestStack = useSetAtom(walletStackRequestedAtom)
  const config = useConfig()
  const payment = usePayment('boost', emergencyId === null ? null : String(emergencyId))
  const busy = payment.busy !== null

  useEffect(() => requestStack(true), [requestStack])

  const boost = async () => {
    if (emergencyId === null) return
    await payment.pay(String(emergencyId), { emergency_id: emergencyId })
    onDone()
  }

  return (
    <ConfirmModal
      title="Boost your emergency?"
      open={emergencyId !== null}
      onClose={onDone}
      choices={[
        {
          label: busy ? 'Confirm in your wallet…' : 'Yes, Boost Now',
          variant: 'primary',
          onClick: () => void boost(),
          disabled: busy,
        },
        { label: 'No, Maybe Later', onClick: onDone, disabled: busy },
      ]}
    >
      Featured emergencies appear first on Lifeline for {config?.boost_days ?? 7} days. A boost costs{' '}
      <strong>{config?.boost_fee ?? '0.1'} SOL</strong>, paid from your wallet in one transaction.
    </ConfirmModal>
  )
}
