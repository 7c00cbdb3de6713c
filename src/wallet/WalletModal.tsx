// The Select/Switch Wallet sheet. Light on purpose: the list, the connection matrix and the
// wallet stack load only when it opens, so the first screen carries none of them.
import { useAtomValue, useSetAtom } from 'jotai'
import { lazy, Suspense, useEffect } from 'react'
import { Modal } from '../components/Modal'
import { walletBridgeAtom, walletStackRequestedAtom } from '../state/wallet.atoms'
import { PickerSkeleton } from './PickerSkeleton'
import styles from './WalletModal.module.css'

const WalletPicker = lazy(() => import('./WalletPicker'))

export function WalletModal({
  open,
  onClose,
  onSelect,
}: {
  open: boolean
  onClose: () => void
  onSelect: (name: string) => void
}) {
  const bridge = useAtomValue(walletBridgeAtom)
  const requestStack = useSetAtom(walletStackRequestedAtom)
  useEffect(() => {
    if (open) requestStack(true)
  }, [open, requestStack])

  return (
    <Modal title={bridge?.address ? 'Switch Wallet' : 'Select Wallet'} open={open} onClose={onClose}>
      <Suspense fallback={<PickerSkeleton />}>
        <WalletPicker onSelect={onSelect} />
      </Suspense>
      <p className={styles.help}>
        Lifeline never sees your keys. Signing in only signs a message; it moves no funds.
      </p>
    </Modal>
  )
}
