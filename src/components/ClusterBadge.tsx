import { clusterLabel } from '../lib/cluster'
import { useConfig } from '../state/config'
import styles from './ClusterBadge.module.css'

/** 'Devnet' or 'Mainnet' beside wallet buttons and explorer links; nothing on the local ledger. */
export function ClusterBadge() {
  const label = clusterLabel(useConfig()?.cluster)
  if (!label) return null
  return (
    <span className={label === 'Mainnet' ? styles.mainnet : styles.devnet} title={`Solana ${label}`}>
      {label}
    </span>
  )
}
