import { explorerLink } from '../lib/config.api'
import { useConfig } from '../state/config'
import { ClusterBadge } from './ClusterBadge'
import styles from './TxLink.module.css'

/** An explorer link for a transaction, with its network. */
export function TxLink({ signature, label }: { signature: string; label?: string }) {
  const config = useConfig()
  const short = `${signature.slice(0, 6)}…${signature.slice(-4)}`
  if (!config) return <code className={styles.plain}>{short}</code>
  return (
    <span className={styles.wrap}>
      <a
        className={styles.link}
        href={explorerLink(config.explorer_url, 'tx', signature)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View transaction ${signature} in the explorer`}
        title={signature}
      >
        {label ?? short} ↗
      </a>
      <ClusterBadge />
    </span>
  )
}
