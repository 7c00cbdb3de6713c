import { useState } from 'react'
import { shortAddress } from '../lib/address'
import styles from './WalletAddress.module.css'

/** A shortened address whose full form is one tap away: the title shows it, the button copies it. */
export function WalletAddress({ address, head = 6 }: { address: string; head?: number }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
      window.setTimeout(() => setCopied(false), 1500)
    } catch (error) {
      console.warn('clipboard unavailable', error)
    }
  }
  return (
    <span className={styles.wrap}>
      <code className={styles.address} title={address}>
        {shortAddress(address, head)}
      </code>
      <button type="button" className={styles.copy} onClick={copy} aria-label={`Copy address ${address}`}>
        <span className={styles.pill}>{copied ? 'Copied' : 'Copy'}</span>
      </button>
    </span>
  )
}
