// The bridge between the lazily loaded wallet stack (src/wallet) and the rest of the app. The shell and screens
// only see this interface, so @solana/web3.js and the adapters stay out of the first screen's bundle.
import { atom } from 'jotai'
import type { DeepLinkFailure } from '../wallet/deeplink-protocol/errors'

/**
 * How a wallet is reached from this page: a wallet injected into the browser (extension or a wallet's in-app
 * browser), the Solana Mobile Wallet Adapter (Android), Phantom's or Solflare's app through deep links (a phone
 * browser with no injected wallet), or the local-mode Sandbox wallet.
 */
export type WalletKind = 'injected' | 'mobile-wallet-adapter' | 'deeplink' | 'sandbox'

export interface WalletOption {
  name: string
  icon: string
  /**
   * Usable from this browser: installed (Wallet Standard, an injected provider, Mobile Wallet Adapter on Android)
   * or loadable (Solflare's web wallet; Phantom opening its app from iOS Safari).
   */
  detected: boolean
  /** Installed in this browser, as opposed to only loadable. */
  installed: boolean
  /** The local-mode Sandbox wallet: test SOL only (same as kind === 'sandbox'). */
  sandbox: boolean
  kind: WalletKind
  url: string
}

export interface WalletBridge {
  wallets: WalletOption[]
  walletName: string | null
  address: string | null
  connecting: boolean
  /** Selects and connects a wallet; resolves with its address. */
  connect(name: string): Promise<string>
  disconnect(): Promise<void>
  /** Signs the exact bytes given; resolves with the 64-byte Ed25519 signature. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  /**
   * Signs a serialized transaction (legacy or v0) without sending it; resolves with the signed serialization.
   * We send it ourselves.
   */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>
}

/**
 * A wallet failure whose message is already the text to show (the deep-link wallets' DeepLinkError: the
 * texts of docs/decisions/007-phone-wallets.md). 'cancelled' means the user stopped it in our own prompt: nothing to report.
 */
export interface WalletFailure {
  failure: DeepLinkFailure
  message: string
}

/** The WalletFailure in `error` (the bridge passes wallet-adapter's wrapped errors on unwrapped), if any. */
export function walletFailureOf(error: unknown): (Error & WalletFailure) | null {
  const failure = (error as Partial<WalletFailure> | null)?.failure
  return typeof failure === 'string' && error instanceof Error ? (error as Error & WalletFailure) : null
}

/** Set by any screen that needs a wallet; the shell then loads the wallet stack. */
export const walletStackRequestedAtom = atom(false)

/** Filled by the wallet stack once loaded; null until then. */
export const walletBridgeAtom = atom<WalletBridge | null>(null)

/**
 * A change the user made in the wallet itself, not through our screens: another account, a disconnect, or the
 * silent reconnection after a reload ('restored'). The stack ignores changes it caused itself.
 */
export interface WalletEvent {
  kind: 'account-changed' | 'disconnected' | 'restored'
  address: string | null
  walletName: string | null
  seq: number
}
export const walletEventAtom = atom<WalletEvent | null>(null)
