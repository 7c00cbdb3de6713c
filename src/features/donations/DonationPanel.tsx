// The donate page's form slot: the form wired to the flow, named after the connected wallet.
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import type { Emergency } from '../../../api-contract/emergencies'
import { walletTypeAtom } from '../../state/auth.atoms'
import { walletBridgeAtom, walletStackRequestedAtom } from '../../state/wallet.atoms'
import { DonationForm } from './DonationForm'
import { useDonate } from './useDonate'

export function DonationPanel({ emergency }: { emergency: Emergency }) {
  const requestStack = useSetAtom(walletStackRequestedAtom)
  const bridge = useAtomValue(walletBridgeAtom)
  const walletType = useAtomValue(walletTypeAtom)
  const { run, busy, error } = useDonate(emergency)

  useEffect(() => requestStack(true), [requestStack])

  const walletName = bridge?.walletName ?? walletType ?? 'Phantom'
  return <DonationForm walletName={walletName} busyLabel={busy} error={error} onDonate={run} />
}
