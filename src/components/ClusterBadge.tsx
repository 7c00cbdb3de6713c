import { clusterLabel, type ClusterLabel } from '../lib/cluster'
import { useConfig } from '../state/config'
import styles from './ClusterBadge.module.css'

const TITLE: Record<ClusterLabel, string> = {
  Local: 'Local test ledger: test SOL, not real',
  Devnet: 'Solana Devnet: test SOL, not real',
  Mainnet: 'Solana Mainnet',
}

/** 'Local', 'Devnet' or 'Mainnet' beside wallet buttons and explorer links. */
export function ClusterBadge() {
  const label = clusterLabel(useConfig()?.cluster)
  if (!label) return null
  return (
    <span className={label === 'Mainnet' ? styles.mainnet : styles.test} title={TITLE[label]}>
      {label}
    </span>
  )
}
