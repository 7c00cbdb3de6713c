// Reads the connection matrix's environment from this browser. Kept apart from the pure matrix so the matrix
// is tested row by row without a browser; the wallet list and the cluster come from the caller (the wallet
// bridge and /api/config/), which already know them.
import { isStandalone } from '../lib/display-mode'
import type { Cluster, ConnectionEnvironment } from './connection-matrix'

interface InjectedGlobals {
  phantom?: { solana?: { isPhantom?: boolean } }
  solana?: { isPhantom?: boolean }
  solflare?: { isSolflare?: boolean }
  SolflareApp?: unknown
}

export function readConnectionEnvironment(
  standardWallets: string[],
  cluster: Cluster | null,
): ConnectionEnvironment {
  const globals = window as unknown as InjectedGlobals
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: isStandalone(),
    injected: {
      phantom: !!(globals.phantom?.solana?.isPhantom || globals.solana?.isPhantom),
      solflare: !!globals.solflare?.isSolflare,
      solflareApp: !!globals.SolflareApp,
    },
    standardWallets,
    cluster,
    pageUrl: window.location.href,
  }
}
