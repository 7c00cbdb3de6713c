// Which kind of wallet a wallet-adapter adapter is (WalletOption.kind in the bridge): the picker orders and
// labels its rows by it (issue 8) and the payment pipeline words its prompts by it.
import type { Adapter } from '@solana/wallet-adapter-base'
import type { WalletKind } from '../state/wallet.atoms'
import { SANDBOX_WALLET_NAME } from './sandbox/constants'

/** The name wallet-adapter (and @solana-mobile's Wallet Standard registration) give the Mobile Wallet Adapter. */
export const MOBILE_WALLET_ADAPTER_NAME = 'Mobile Wallet Adapter'

/**
 * A Wallet Standard feature that only our deep-link wallets (src/wallet/deeplink-wallet) carry, so the stack can
 * tell Phantom-through-deep-links from an injected Phantom of the same name.
 */
export const DEEPLINK_FEATURE = 'lifeline:deeplink'

export function walletKindOf(adapter: Adapter): WalletKind {
  if (adapter.name === SANDBOX_WALLET_NAME) return 'sandbox'
  if (adapter.name === MOBILE_WALLET_ADAPTER_NAME) return 'mobile-wallet-adapter'
  const standard = adapter as Adapter & { wallet?: { features: Record<string, unknown> } }
  if ('standard' in adapter && standard.wallet && DEEPLINK_FEATURE in standard.wallet.features)
    return 'deeplink'
  return 'injected'
}
