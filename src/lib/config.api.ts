// GET /api/config/ once per page load (the answer is shared; a failure is forgotten so the next call asks
// again). Every public page carries the answer in its HTML (server/plugins/served-reads.ts): `configNow` takes it
// synchronously, so the server's render and the app's first render draw what depends on it (explorer links, the
// tip) alike, and no request is made for it. Screens read it through `useConfig` (src/state/config.ts).
import type { PublicConfig } from '../../api-contract/config'
import type { ApiClient } from './api-client'
import { servedNow } from './served-reads'

export type { PublicConfig }

let cached: Promise<PublicConfig> | null = null
let known: PublicConfig | undefined

/** The config if it is already here (the page's copy, or an answer already in), without asking. */
export function configNow(api: ApiClient): PublicConfig | undefined {
  known ??= servedNow<PublicConfig>(() => api.get('config/'))
  return known
}

export function loadConfig(api: ApiClient): Promise<PublicConfig> {
  const now = configNow(api)
  cached ??= now
    ? Promise.resolve(now)
    : api.get<PublicConfig>('config/').then(
        (config) => (known = config),
        (error: unknown) => {
          cached = null
          throw error
        },
      )
  return cached
}

/** An explorer link for a transaction or an address, keeping the explorer URL's query (e.g. ?cluster=custom).
 * The explorer URL is absolute; a relative one is read against the page's origin (there is none on the server,
 * which renders the first screen's links too). */
export function explorerLink(explorerUrl: string, kind: 'tx' | 'address', value: string): string {
  const url = new URL(explorerUrl, typeof location === 'undefined' ? undefined : location.origin)
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${kind}/${encodeURIComponent(value)}`
  return url.toString()
}
