// Our own Mobile Wallet Adapter instance. wallet-adapter-react adds one by
// itself only when no other wallet counts as installed, and the local-mode Sandbox wallet does count, so on
// Android Chrome MWA vanished next to it. Passing ours keeps it there and carries our app identity, which the
// wallet app shows when it asks the user to approve.
import {
  createDefaultAddressSelector,
  createDefaultAuthorizationResultCache,
  createDefaultWalletNotFoundHandler,
  SolanaMobileWalletAdapter,
} from '@solana-mobile/wallet-adapter-mobile'
import type { Adapter } from '@solana/wallet-adapter-base'
import { useMemo } from 'react'
import { readConnectionEnvironment } from './connection-environment'
import { offersMobileWalletAdapter, type Cluster } from './connection-matrix'

/** Wallet Standard chain ids; the local ledger is `solana:localnet` (@solana/wallet-standard-chains). */
const CHAINS: Record<Cluster, `solana:${string}`> = {
  local: 'solana:localnet',
  devnet: 'solana:devnet',
  'mainnet-beta': 'solana:mainnet',
}

export const APP_IDENTITY_NAME = 'Lifeline'
/** Relative to the identity URI, as the MWA spec asks. */
export const APP_IDENTITY_ICON = 'icons/icon-192.png'

export function createMobileWalletAdapter(cluster: Cluster, origin: string): SolanaMobileWalletAdapter {
  return new SolanaMobileWalletAdapter({
    addressSelector: createDefaultAddressSelector(),
    appIdentity: { name: APP_IDENTITY_NAME, uri: origin, icon: APP_IDENTITY_ICON },
    authorizationResultCache: createDefaultAuthorizationResultCache(),
    chain: CHAINS[cluster],
    onWalletNotFound: createDefaultWalletNotFoundHandler(),
  })
}

/**
 * The provider's adapters plus our MWA instance where the connection matrix offers MWA. Until the cluster is
 * known (or when /api/config/ failed) the adapters go as they are: wallet-adapter then still adds its own MWA
 * on Android when nothing else is installed.
 */
export function useWithMobileWalletAdapter(
  adapters: Adapter[],
  cluster: Cluster | null | undefined,
): Adapter[] {
  return useMemo(() => {
    if (!cluster || !offersMobileWalletAdapter(readConnectionEnvironment([], cluster))) return adapters
    return [createMobileWalletAdapter(cluster, window.location.origin), ...adapters]
  }, [adapters, cluster])
}
