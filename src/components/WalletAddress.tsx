import { useState } from 'react'
import styles from './WalletAddress.module.css'

/** First `head` and last 4 characters (spec §9 wallet display). */
export const shortAddress = (address: string, head = 6) =>
  address.length > head + 4 ? `${address.slice(0, head)}…${address.slice(-4)}` : address

/** A shortened address whose full form is one tap away: the title shows it, the button copies it (DESIGN §6). */
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
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  )
}
