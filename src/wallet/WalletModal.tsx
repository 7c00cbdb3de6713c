// The Select/Switch Wallet modal (spec §2 /login). Light on purpose: it reads the wallet list from the bridge and
// asks the shell to load the heavy wallet stack when it opens.
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { Modal } from '../components/Modal'
import { walletBridgeAtom, walletStackRequestedAtom, type WalletOption } from '../state/wallet.atoms'
import styles from './WalletModal.module.css'

export const SANDBOX_NOTE = 'test SOL, not real'

function WalletRow({
  wallet,
  current,
  onSelect,
}: {
  wallet: WalletOption
  current: boolean
  onSelect: () => void
}) {
  return (
    <li>
      <button type="button" className={styles.row} onClick={onSelect} aria-current={current || undefined}>
        <img src={wallet.icon} alt="" width="32" height="32" />
        <span className={styles.name}>
          {wallet.name}
          {wallet.sandbox && <span className={styles.note}> — {SANDBOX_NOTE}</span>}
        </span>
        <span className={styles.state}>
          {current ? 'Connected' : wallet.installed ? 'Detected' : wallet.detected ? 'Available' : 'Install'}
        </span>
      </button>
    </li>
  )
}

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

  const choose = (wallet: WalletOption) => {
    if (!wallet.detected) {
      window.open(wallet.url, '_blank', 'noopener')
      return
    }
    onSelect(wallet.name)
  }

  return (
    <Modal title={bridge?.address ? 'Switch Wallet' : 'Select Wallet'} open={open} onClose={onClose}>
      {bridge ? (
        <ul className={styles.list}>
          {bridge.wallets.map((wallet) => (
            <WalletRow
              key={wallet.name}
              wallet={wallet}
              current={wallet.name === bridge.walletName && !!bridge.address}
              onSelect={() => choose(wallet)}
            />
          ))}
        </ul>
      ) : (
        <ul className={styles.list} aria-busy="true" aria-label="Loading wallets">
          <li className={styles.skeleton} />
          <li className={styles.skeleton} />
        </ul>
      )}
      <p className={styles.help}>
        Lifeline never sees your keys. Signing in only signs a message; it moves no funds.
      </p>
    </Modal>
  )
}
