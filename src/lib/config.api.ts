// GET /api/config/ once per page load (the answer is shared; a failure is forgotten so the next call asks
// again). Screens read it through `configAtom` (src/state/config.ts).
import type { PublicConfig } from '../../api-contract/config'
import type { ApiClient } from './api-client'

export type { PublicConfig }

let cached: Promise<PublicConfig> | null = null

export function loadConfig(api: ApiClient): Promise<PublicConfig> {
  cached ??= api.get<PublicConfig>('config/').catch((error: unknown) => {
    cached = null
    throw error
  })
  return cached
}

/** An explorer link for a transaction or an address, keeping the explorer URL's query (e.g. ?cluster=custom). */
export function explorerLink(explorerUrl: string, kind: 'tx' | 'address', value: string): string {
  const url = new URL(explorerUrl, window.location.origin)
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${kind}/${encodeURIComponent(value)}`
  return url.toString()
}
