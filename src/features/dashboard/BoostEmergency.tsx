// The dashboard's Boost: the price on the button, then one question before the wallet opens (issue 29: no paid tap
// without its price). 'Boosted' and disabled while the emergency is featured.
import { useState } from 'react'
import { buttonClass } from '../../components/button'
import { ConfirmModal } from '../../components/ConfirmModal'
import type { Emergency } from '../../lib/emergencies.api'
import { useConfig } from '../../state/config'

export function BoostEmergency({
  emergency,
  boosting,
  onBoost,
}: {
  emergency: Emergency
  /** Which emergency a boost is running for, if any (one at a time). */
  boosting: number | null
  onBoost: (id: number) => void
}) {
  const config = useConfig()
  const [open, setOpen] = useState(false)
  const fee = config?.boost_fee
  const label = emergency.is_featured
    ? 'Boosted'
    : boosting === emergency.id
      ? 'Boosting…'
      : fee
        ? `Boost · ${fee} SOL`
        : 'Boost'
  return (
    <>
      <button
        type="button"
        className={buttonClass('primary')}
        disabled={emergency.is_featured || boosting !== null || !fee}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmModal
        title="Boost this emergency?"
        open={open}
        onClose={() => setOpen(false)}
        choices={[
          {
            label: `Pay ${fee} SOL and boost`,
            variant: 'primary',
            onClick: () => {
              setOpen(false)
              onBoost(emergency.id)
            },
          },
          { label: 'Cancel', onClick: () => setOpen(false) },
        ]}
      >
        “{emergency.title}” appears first on Lifeline for {config?.boost_days ?? 7} days. The boost costs{' '}
        <strong>{fee} SOL</strong>, paid from your wallet in one transaction.
      </ConfirmModal>
    </>
  )
}
