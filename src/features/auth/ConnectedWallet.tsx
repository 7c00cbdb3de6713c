import { useAtomValue } from 'jotai'
import { walletBridgeAtom } from '../../state/wallet.atoms'
import styles from './Auth.module.css'
import { shortAddress } from '../../lib/address'

/** The connected wallet, shortened, with the full address one tap away (title and copy). */
export function ConnectedWallet() {
  const bridge = useAtomValue(walletBridgeAtom)
  if (!bridge?.address) return <p className={styles.sub}>No wallet connected yet.</p>
  const address = bridge.address
  return (
    <div className={styles.wallet}>
      <span>
        {bridge.walletName}:{' '}
        <span className={styles.address} title={address}>
          {shortAddress(address)}
        </span>
      </span>
      <button
        type="button"
        className={styles.copy}
        onClick={() => void navigator.clipboard?.writeText(address)}
        aria-label="Copy wallet address"
      >
        Copy
      </button>
    </div>
  )
}
