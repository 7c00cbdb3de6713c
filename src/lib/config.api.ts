// GET /api/config/ once per page load: platform wallet, explorer, fees (DESIGN §3 Config).
import { useEffect, useState } from 'react'
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

/** The config, or null until it arrives (or when it failed: payments then stay disabled). */
export function useConfig(api: ApiClient): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null)
  useEffect(() => {
    let live = true
    loadConfig(api).then(
      (loaded) => live && setConfig(loaded),
      (error: unknown) => console.warn('config/ unavailable', error),
    )
    return () => {
      live = false
    }
  }, [api])
  return config
}

/** An explorer link for a transaction or an address, keeping the explorer URL's query (e.g. ?cluster=custom). */
export function explorerLink(explorerUrl: string, kind: 'tx' | 'address', value: string): string {
  const url = new URL(explorerUrl, window.location.origin)
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${kind}/${encodeURIComponent(value)}`
  return url.toString()
}
