// After a create: 'Yes, Boost Now' pays 0.1 SOL and boosts; 'No, Maybe Later' goes on (spec §4 create flow).
import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { useEffect, useState } from 'react'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import { BOOST_TEXT, payAndBoost, readyBridge } from '../../lib/boost'
import { useConfig } from '../../lib/config.api'
import { api, authApi } from '../../state/api'
import { walletTypeAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { walletBridgeAtom, walletStackRequestedAtom } from '../../state/wallet.atoms'
import styles from './EditorPage.module.css'

export function BoostModal({ emergencyId, onDone }: { emergencyId: number | null; onDone: () => void }) {
  const store = useStore()
  const toast = useSetAtom(pushToastAtom)
  const requestStack = useSetAtom(walletStackRequestedAtom)
  const walletType = useAtomValue(walletTypeAtom)
  const config = useConfig(api)
  const [busy, setBusy] = useState(false)

  useEffect(() => requestStack(true), [requestStack])

  const boost = async () => {
    if (emergencyId === null) return
    setBusy(true)
    try {
      const bridge = await readyBridge(() => store.get(walletBridgeAtom), walletType)
      await payAndBoost(bridge, api, authApi, emergencyId)
      toast({ kind: 'success', text: BOOST_TEXT.ok })
    } catch (error) {
      console.warn('boost failed', error)
      toast({ kind: 'error', text: BOOST_TEXT.failed })
      if (error instanceof Error && error.message !== BOOST_TEXT.failed)
        toast({ kind: 'error', text: error.message })
    } finally {
      setBusy(false)
      onDone()
    }
  }

  return (
    <Modal title="Boost your emergency?" open={emergencyId !== null} onClose={onDone}>
      <p className={styles.boostText}>
        Featured emergencies appear first on Lifeline for {config?.boost_days ?? 7} days. A boost costs{' '}
        <strong>{config?.boost_fee ?? '0.1'} SOL</strong>, paid from your wallet in one transaction.
      </p>
      <div className={styles.boostActions}>
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          onClick={boost}
          disabled={busy}
        >
          {busy ? 'Confirm in your wallet…' : 'Yes, Boost Now'}
        </button>
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          onClick={onDone}
          disabled={busy}
        >
          No, Maybe Later
        </button>
      </div>
    </Modal>
  )
}
