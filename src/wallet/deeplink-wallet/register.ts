// Registers Phantom and Solflare as deep-link wallets, only where the connection matrix says a phone browser
// has no wallet of its own (issue 8's offersDeepLinks), and starts the relay pickup for the requests they send.
import { getWallets } from '@wallet-standard/app'
import type { WalletIcon } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'
import type { PublicConfig } from '../../../api-contract/config'
import { readConnectionEnvironment } from '../connection-environment'
import { offersDeepLinks } from '../connection-matrix'
import { deepLinkOrigin } from '../deeplink-protocol/callback'
import { DEEP_LINK_PROVIDERS, walletCluster, type DeepLinkWalletName } from '../deeplink-protocol/providers'
import { DeepLinkWallet } from './DeepLinkWallet'
import { watchUserGestures } from './prompt'
import { startRelayPickup } from './relay'

/** The wallets' icons as wallet-adapter's own adapters carry them (data URIs). */
export type DeepLinkIcons = Record<DeepLinkWalletName, string>

let registered: DeepLinkWallet[] | null = null

/** Whether this browser gets the deep-link wallets: judged on the wallets it had before we added ours. */
export function wantsDeepLinkWallets(cluster: PublicConfig['cluster']): boolean {
  const standard = getWallets()
    .get()
    .map((wallet) => wallet.name)
  return offersDeepLinks(readConnectionEnvironment(standard, cluster))
}

export function registerDeepLinkWallets(
  config: Pick<PublicConfig, 'cluster' | 'public_url'>,
  icons: DeepLinkIcons,
): DeepLinkWallet[] {
  if (registered) return registered
  registered = DEEP_LINK_PROVIDERS.map(
    (provider) =>
      new DeepLinkWallet({
        provider,
        icon: icons[provider.name] as WalletIcon,
        origin: () => deepLinkOrigin(config.public_url),
        cluster: walletCluster(config.cluster),
      }),
  )
  for (const wallet of registered) registerWallet(wallet)
  watchUserGestures()
  startRelayPickup()
  return registered
}
