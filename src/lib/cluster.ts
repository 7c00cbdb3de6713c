// The network name users see; none on the local ledger,
// where the Sandbox wallet already says the SOL is not real.
import type { PublicConfig } from './config.api'

export type ClusterLabel = 'Devnet' | 'Mainnet'

export function clusterLabel(cluster: PublicConfig['cluster'] | null | undefined): ClusterLabel | null {
  if (cluster === 'devnet') return 'Devnet'
  if (cluster === 'mainnet-beta') return 'Mainnet'
  return null
}
