// Phantom's and Solflare's `ul/v1` deep-link protocol: the two wallets speak the same protocol and differ only in
// their base URL and in the name of the query parameter that carries their encryption key.
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods
// @see https://docs.solflare.com/solflare/technical/deeplinks/provider-methods/connect

export type DeepLinkWalletName = 'Phantom' | 'Solflare'

export type DeepLinkMethod =
  'connect' | 'disconnect' | 'signMessage' | 'signTransaction' | 'signAllTransactions'

export interface DeepLinkProvider {
  name: DeepLinkWalletName
  /** Universal-link base; the method name is appended (`https://phantom.app/ul/v1/connect`). */
  base: string
  /** The query parameter of the connect answer that carries the wallet's x25519 public key (base58). */
  encryptionKeyParam: 'phantom_encryption_public_key' | 'solflare_encryption_public_key'
}

/** @see https://docs.phantom.com/phantom-deeplinks/provider-methods/connect */
export const PHANTOM: DeepLinkProvider = {
  name: 'Phantom',
  base: 'https://phantom.app/ul/v1/',
  encryptionKeyParam: 'phantom_encryption_public_key',
}

/** @see https://docs.solflare.com/solflare/technical/deeplinks/provider-methods/connect */
export const SOLFLARE: DeepLinkProvider = {
  name: 'Solflare',
  base: 'https://solflare.com/ul/v1/',
  encryptionKeyParam: 'solflare_encryption_public_key',
}

export const DEEP_LINK_PROVIDERS: readonly DeepLinkProvider[] = [PHANTOM, SOLFLARE]

export function providerNamed(name: string): DeepLinkProvider | undefined {
  return DEEP_LINK_PROVIDERS.find((provider) => provider.name === name)
}

/** The clusters the wallets accept in `cluster=` (default mainnet-beta). */
export type WalletCluster = 'mainnet-beta' | 'testnet' | 'devnet'

/**
 * Our cluster as the wallets name it. The local ledger has no name in their list; it maps to `devnet` so the wallet
 * shows a test network (never mainnet, never "real funds"). The wallet only signs: we send the transaction to our
 * own RPC, so the wallet's cluster never decides where it lands (docs/decisions/007-phone-wallets.md).
 */
export function walletCluster(cluster: 'local' | 'devnet' | 'mainnet-beta'): WalletCluster {
  return cluster === 'local' ? 'devnet' : cluster
}

/**
 * iOS opens universal links up to ~2,000 characters in practice; Phantom support advises staying under ~1,500
 *. Every link we build is checked against this.
 */
export const MAX_LINK_LENGTH = 1500
