// The wallet stack's part of GET /api/config/ (cluster, RPC URLs, the USDC mint the Sandbox tops up with), so one
// build serves every cluster.
import type { PublicConfig } from '../../api-contract/config'
import { loadConfig } from '../lib/config.api'
import { api } from '../state/api'

export type RuntimeConfig = Pick<PublicConfig, 'cluster' | 'rpc_url' | 'ws_url' | 'public_url' | 'usdc_mint'>

/** When the API cannot be reached the stack still loads (wallets can connect), without the Sandbox wallet. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig | null> {
  try {
    return await loadConfig(api)
  } catch (error) {
    console.warn('config/ unavailable; wallet stack without local-mode features', error)
    return null
  }
}

/** web3.js needs absolute URLs; the server may answer with a path such as /rpc. */
export function absoluteUrl(url: string, protocol: 'http' | 'ws'): string {
  const resolved = new URL(url, window.location.origin)
  if (protocol === 'ws')
    resolved.protocol =
      resolved.protocol === 'https:' ? 'wss:' : resolved.protocol === 'http:' ? 'ws:' : resolved.protocol
  return resolved.toString()
}
