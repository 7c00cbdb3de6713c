// Which ways to connect a wallet this browser is offered, in order, each with the reason it is there (issue 8).
// Pure: the environment is read elsewhere (connection-environment.ts), so every row of the matrix is a unit test.
// The rows (docs/decisions/008-connection-matrix.md):
//   wallet's in-app browser          → that injected wallet only
//   desktop                          → the injected wallets; Install for Phantom/Solflare when missing
//   Android Chrome (also its PWA)    → Mobile Wallet Adapter first, then the deep-link wallets and "Open in …"
//   other phone browser, no wallet   → the deep-link wallets, then "Open in Phantom" / "Open in Solflare"
//   phone browser with a wallet      → the injected wallets (MWA beside them on Android Chrome)
//   local mode                       → the Sandbox wallet, always last (never in a wallet's own browser)

import type { PublicConfig } from '../../api-contract/config'
import { SANDBOX_WALLET_NAME } from './sandbox/constants'
import { MOBILE_WALLET_ADAPTER_NAME } from './wallet-kind'

export type Cluster = PublicConfig['cluster']

export interface ConnectionEnvironment {
  userAgent: string
  /** navigator.maxTouchPoints: iPadOS Safari sends a desktop Mac user agent and only this tells it apart. */
  maxTouchPoints: number
  /** Running as an installed app (display-mode standalone, or iOS navigator.standalone). */
  standalone: boolean
  /** Legacy injected providers: window.phantom.solana / window.solana (isPhantom), window.solflare / SolflareApp. */
  injected: { phantom: boolean; solflare: boolean; solflareApp: boolean }
  /** Wallet Standard wallets registered in this page (the Sandbox wallet and MWA excluded). */
  standardWallets: string[]
  /** null while /api/config/ is unknown: no Sandbox wallet then. */
  cluster: Cluster | null
  /** The page the donor is on, to reopen it inside a wallet's browser. */
  pageUrl: string
}

export type ConnectionKind =
  'injected' | 'mobile-wallet-adapter' | 'deeplink' | 'browse' | 'install' | 'sandbox'

export interface ConnectionOption {
  kind: ConnectionKind
  /**
   * The wallet's wallet-adapter name ('Phantom', 'Solflare', 'Mobile Wallet Adapter', 'Sandbox wallet', or an
   * injected Wallet Standard wallet's own name). For 'browse' and 'install': the wallet the link leads to.
   */
  wallet: string
  /** The text of the choice ('Phantom', 'Open in Phantom'). */
  label: string
  /** Why this choice is here, shown under it ('Opens the Phantom app'). */
  reason: string
  /** For 'browse' and 'install': where the link goes. */
  href?: string
}

export type ConnectionRow = 'in-app-browser' | 'desktop' | 'android-chrome' | 'phone-browser'

export interface ConnectionVerdict {
  row: ConnectionRow
  options: ConnectionOption[]
}

export const PHANTOM = 'Phantom'
export const SOLFLARE = 'Solflare'
export const MOBILE_WALLET_ADAPTER = MOBILE_WALLET_ADAPTER_NAME
export const SANDBOX = SANDBOX_WALLET_NAME

const DEEP_LINK_WALLETS = [PHANTOM, SOLFLARE] as const
type DeepLinkWallet = (typeof DEEP_LINK_WALLETS)[number]

/** Where a donor gets each wallet when it is missing on a desktop. */
const DOWNLOAD: Record<DeepLinkWallet, string> = {
  [PHANTOM]: 'https://phantom.app/download',
  [SOLFLARE]: 'https://solflare.com/download',
}

/**
 * The wallet's in-app browser link for `pageUrl`, URL-encoded as both wallets document it.
 * @see https://docs.phantom.com/phantom-deeplinks/other-methods/browse
 * @see https://docs.solflare.com/solflare/technical/deeplinks/other-methods/browse (note the `v1`)
 */
export function browseLink(wallet: DeepLinkWallet, pageUrl: string): string {
  const url = encodeURIComponent(pageUrl)
  const ref = encodeURIComponent(new URL(pageUrl).origin)
  return wallet === PHANTOM
    ? `https://phantom.app/ul/browse/${url}?ref=${ref}`
    : `https://solflare.com/ul/v1/browse/${url}?ref=${ref}`
}

const isIos = ({ userAgent, maxTouchPoints }: ConnectionEnvironment) =>
  /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
const isAndroid = ({ userAgent }: ConnectionEnvironment) => /Android/i.test(userAgent)

/**
 * Chrome on Android, where MWA works (also its installed PWAs, which keep Chrome's user agent). Not WebViews
 * ('; wv)'), Firefox, Opera or Samsung Internet, which MWA does not support.
 */
const isAndroidChrome = (env: ConnectionEnvironment) =>
  isAndroid(env) &&
  /Chrome\/\d/.test(env.userAgent) &&
  !/; wv\)|Firefox|OPR\/|SamsungBrowser/.test(env.userAgent)

/** The wallet whose own browser this page runs in, if any. */
function inAppWallet(env: ConnectionEnvironment): DeepLinkWallet | null {
  if (/Phantom\/(ios|android)/i.test(env.userAgent)) return PHANTOM
  if (/Solflare/i.test(env.userAgent) || env.injected.solflareApp) return SOLFLARE
  return null
}

/** Every wallet injected into this page, once each (a Wallet Standard wallet and its legacy provider are one). */
function injectedWallets(env: ConnectionEnvironment): string[] {
  const names = new Set(
    env.standardWallets.filter((name) => name !== SANDBOX && name !== MOBILE_WALLET_ADAPTER),
  )
  if (env.injected.phantom) names.add(PHANTOM)
  if (env.injected.solflare || env.injected.solflareApp) names.add(SOLFLARE)
  return [...names]
}

const injected = (wallet: string, reason: string): ConnectionOption => ({
  kind: 'injected',
  wallet,
  label: wallet,
  reason,
})

const mobileWalletAdapter: ConnectionOption = {
  kind: 'mobile-wallet-adapter',
  wallet: MOBILE_WALLET_ADAPTER,
  label: MOBILE_WALLET_ADAPTER,
  reason: 'Opens a wallet app installed on this phone',
}

/** The wallets know no local ledger: the link names it `devnet` (docs/decisions/007-phone-wallets.md), and the
 * choice says so before the wallet shows it. */
const deepLink = (wallet: DeepLinkWallet, cluster: Cluster | null): ConnectionOption => ({
  kind: 'deeplink',
  wallet,
  label: wallet,
  reason:
    cluster === 'local'
      ? `Opens the ${wallet} app, which calls this local test ledger Devnet`
      : `Opens the ${wallet} app`,
})

const browse = (wallet: DeepLinkWallet, pageUrl: string): ConnectionOption => ({
  kind: 'browse',
  wallet,
  label: `Open in ${wallet}`,
  reason: `Opens this page in ${wallet}'s browser`,
  href: browseLink(wallet, pageUrl),
})

const install = (wallet: DeepLinkWallet): ConnectionOption => ({
  kind: 'install',
  wallet,
  label: wallet,
  // 'Phantom Wallet not found.' is the spec's text for a missing Phantom.
  reason: `${wallet} Wallet not found. Install the extension, then reload this page.`,
  href: DOWNLOAD[wallet],
})

const sandbox: ConnectionOption = {
  kind: 'sandbox',
  wallet: SANDBOX,
  label: SANDBOX,
  reason: 'Test SOL on the local ledger, not real',
}

function rowOptions(env: ConnectionEnvironment): ConnectionVerdict {
  const inApp = inAppWallet(env)
  if (inApp) return { row: 'in-app-browser', options: [injected(inApp, `Works inside ${inApp}'s browser`)] }

  const found = injectedWallets(env)
  if (!isIos(env) && !isAndroid(env)) {
    const missing = DEEP_LINK_WALLETS.filter((wallet) => !found.includes(wallet))
    return {
      row: 'desktop',
      options: [...found.map((name) => injected(name, 'Installed in this browser')), ...missing.map(install)],
    }
  }

  const mwa = isAndroidChrome(env) ? [mobileWalletAdapter] : []
  const row: ConnectionRow = mwa.length > 0 ? 'android-chrome' : 'phone-browser'
  if (found.length > 0)
    return { row, options: [...found.map((name) => injected(name, 'Installed in this browser')), ...mwa] }
  return {
    row,
    options: [
      ...mwa,
      ...DEEP_LINK_WALLETS.map((wallet) => deepLink(wallet, env.cluster)),
      ...DEEP_LINK_WALLETS.map((wallet) => browse(wallet, env.pageUrl)),
    ],
  }
}

/** The ways to connect offered in this environment, in the order the picker shows them. */
export function connectionMatrix(env: ConnectionEnvironment): ConnectionVerdict {
  const verdict = rowOptions(env)
  if (env.cluster === 'local' && verdict.row !== 'in-app-browser') verdict.options.push(sandbox)
  return verdict
}

/**
 * Whether the deep-link Phantom/Solflare wallets belong in this environment: a phone browser with no wallet
 * injected (issue 7's wallet stack registers them only then). Stable interface: other modules rely on it.
 */
export function offersDeepLinks(env: ConnectionEnvironment): boolean {
  return connectionMatrix(env).options.some((option) => option.kind === 'deeplink')
}

/** Whether Mobile Wallet Adapter belongs here: Android Chrome and its installed app, outside a wallet's browser. */
export function offersMobileWalletAdapter(env: ConnectionEnvironment): boolean {
  return connectionMatrix(env).options.some((option) => option.kind === 'mobile-wallet-adapter')
}

/**
 * The wallet this environment offers, to name the Donate button before any wallet is connected (spec: 'Donate
 * with {wallet}'): the wallet whose browser this is, else the only wallet injected; null when it cannot tell.
 */
export function offeredWallet(env: ConnectionEnvironment): string | null {
  const inApp = inAppWallet(env)
  if (inApp) return inApp
  const found = injectedWallets(env)
  return found.length === 1 ? (found[0] ?? null) : null
}

/**
 * The other ways, for a picker that found none of the wallets its row expects (e.g. Solflare's browser with no
 * provider injected): open this page in either wallet's browser (on phones) or install one, and the Sandbox
 * wallet in local mode.
 */
export function fallbackOptions(env: ConnectionEnvironment): ConnectionOption[] {
  const phone = isIos(env) || isAndroid(env)
  const ways = phone
    ? DEEP_LINK_WALLETS.map((wallet) => browse(wallet, env.pageUrl))
    : DEEP_LINK_WALLETS.map(install)
  return env.cluster === 'local' ? [...ways, sandbox] : ways
}
