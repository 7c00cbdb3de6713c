// Continues the stored pending flow once the wallet stack is up: after a wallet's deep link brought the user
// back (the callback page returns to the page that asked), after a reload, or when the app is opened again.
import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { useFlows } from './use-flows'
import { walletBridgeAtom } from '../state/wallet.atoms'

/** The stored wallet reconnects silently first (autoConnect); a flow may need its address. */
const SETTLE_MS = 1500

export function ResumePendingFlow() {
  const bridge = useAtomValue(walletBridgeAtom)
  const { resume } = useFlows()
  const started = useRef(false)
  const ready = bridge !== null

  useEffect(() => {
    if (!ready || started.current) return
    const timer = window.setTimeout(() => {
      started.current = true
      void resume()
    }, SETTLE_MS)
    return () => window.clearTimeout(timer)
  }, [ready, resume])

  useEffect(() => {
    if (!bridge?.address || started.current) return
    started.current = true
    void resume()
  }, [bridge?.address, resume])

  return null
}
