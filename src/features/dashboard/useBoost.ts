import { useSetAtom, useStore } from 'jotai'
import { useState } from 'react'
import { BOOST_TEXT, payAndBoost, readyBridge } from '../../lib/boost'
import type { Emergency } from '../../lib/emergencies.api'
import { api, authApi } from '../../state/api'
import { walletTypeAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { walletBridgeAtom } from '../../state/wallet.atoms'

/** Boosts from the dashboard: pays 0.1 SOL through the bridge, then the server verifies and features it. */
export function useBoost(onBoosted: (emergency: Emergency) => void) {
  const store = useStore()
  const toast = useSetAtom(pushToastAtom)
  const [boosting, setBoosting] = useState<number | null>(null)

  const boost = async (id: number) => {
    setBoosting(id)
    try {
      const bridge = await readyBridge(() => store.get(walletBridgeAtom), store.get(walletTypeAtom))
      const answer = await payAndBoost(bridge, api, authApi, id)
      onBoosted(answer.emergency)
      toast({ kind: 'success', text: BOOST_TEXT.ok })
    } catch (error) {
      console.warn('boost failed', error)
      toast({ kind: 'error', text: BOOST_TEXT.failed })
      if (error instanceof Error && error.message !== BOOST_TEXT.failed)
        toast({ kind: 'error', text: error.message })
    } finally {
      setBoosting(null)
    }
  }
  return { boost, boosting }
}
