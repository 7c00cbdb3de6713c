// GET /api/config/ once per page load (the answer is shared; a failure is forgotten so the next call asks
// again). A page the server rendered carries the answer (src/first-screen/hydration.ts), which primes it: the
// server's render and the app's first render draw what depends on it (explorer links, the tip) alike, and no
// request is made for it. Screens read it through `useConfig` (src/state/config.ts).
import type { PublicConfig } from '../../api-contract/config'
import type { ApiClient } from './api-client'

export type { PublicConfig }

let cached: Promise<PublicConfig> | null = null
let known: PublicConfig | undefined

/** The config the page came with (or the server renders with): no request is made for it. */
export function primeConfig(config: PublicConfig): void {
  known = config
  cached = Promise.resolve(config)
}

/** The config if it is already here (the page's copy, or an answer already in), without asking. */
export const configNow = (): PublicConfig | undefined => known

export function loadConfig(api: ApiClient): Promise<PublicConfig> {
  cached ??= api.get<PublicConfig>('config/').then(
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
