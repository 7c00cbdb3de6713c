// Links to Solana Explorer for the configured cluster: the base the PWA builds its links from (GET /api/config/),
// and a transaction's page (receipts, CSV exports).
import type { Config } from '../config'

/** Solana Explorer base; links keep the query: `u = new URL(explorer_url); u.pathname = '/tx/' + sig`. */
export function explorerUrl(config: { cluster: string; publicRpcUrl: string }): string {
  if (config.cluster === 'mainnet-beta') return 'https://explorer.solana.com/'
  if (config.cluster === 'devnet') return 'https://explorer.solana.com/?cluster=devnet'
  return `https://explorer.solana.com/?cluster=custom&customUrl=${encodeURIComponent(config.publicRpcUrl)}`
}

/** The page of one transaction on `cluster` (a local ledger's through the configured public RPC). */
export function explorerTxUrl(
  config: Pick<Config, 'publicRpcUrl'>,
  cluster: string,
  signature: string,
): string {
  const url = new URL(explorerUrl({ cluster, publicRpcUrl: config.publicRpcUrl }))
  url.pathname = `/tx/${signature}`
  return url.toString()
}
