// The network name users see beside wallet buttons and explorer links, the local ledger included: a phone wallet
// names it Devnet (docs/decisions/007-phone-wallets.md), so the app says which ledger it really runs on.
import type { PublicConfig } from './config.api'

export type ClusterLabel = 'Local' | 'Devnet' | 'Mainnet'

export function clusterLabel(cluster: PublicConfig['cluster'] | null | undefined): ClusterLabel | null {
  if (cluster === 'local') return 'Local'
  if (cluster === 'devnet') return 'Devnet'
  if (cluster === 'mainnet-beta') return 'Mainnet'
  return null
}
