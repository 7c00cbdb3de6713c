// Phantom or Solflare reached through their deep links, as a Wallet Standard wallet with the app's own name:
// wallet-adapter then drops its legacy adapter of that name (which would only say "Install" or open the
// wallet's browser) and every screen uses it through the same bridge as an injected wallet
// (docs/decisions/007-phone-wallets.md).
// @see https://github.com/wallet-standard/wallet-standard (standard:* features)
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods
import type { SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import bs58 from 'bs58'
import { callbackUrl, newRequestId } from '../deeplink-protocol/callback'
import { newDappKeyPair } from '../deeplink-protocol/crypto'
import { DeepLinkError, DEEPLINK_TEXT } from '../deeplink-protocol/errors'
import {
  connectLink,
  sessionLink,
  signAllTransactionsFields,
  signMessageFields,
  signTransactionFields,
  type SessionMethod,
} from '../deeplink-protocol/links'
import type { DeepLinkMethod, DeepLinkProvider, WalletCluster } from '../deeplink-protocol/providers'
import { DEEPLINK_FEATURE } from '../wallet-kind'
import { ask, outstanding, takeAnswer } from './ask'
import { loadDeepLinkState, updateDeepLinkState, type StoredAnswer, type StoredSession } from './state'

const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const
const FEATURES = ['solana:signMessage', 'solana:signTransaction'] as const

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature & { [DEEPLINK_FEATURE]: { version: '1.0.0' } }

export interface DeepLinkWalletOptions {
  provider: DeepLinkProvider
  icon: WalletIcon
  /** The origin the wallet sends the user back to; throws 'Phantom deep link not configured.' when unusable. */
  origin: () => string
  cluster: WalletCluster
}

const currentPath = () => `${window.location.pathname}${window.location.search}`

export class DeepLinkWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly chains = CHAINS
  readonly #options: DeepLinkWalletOptions
  #account: WalletAccount | null = null
  #listeners: StandardEventsListeners['change'][] = []

  constructor(options: DeepLinkWalletOptions) {
    this.#options = options
  }

  get name() {
    return this.#options.provider.name
  }

  get icon() {
    return this.#options.icon
  }

  get accounts(): readonly WalletAccount[] {
    const session = this.#session()
    if (!session) return []
    // The same object while the address stays: wallet-adapter compares accounts by identity.
    if (this.#account?.address !== session.address)
      this.#account = new ReadonlyWalletAccount({
        address: session.address,
        publicKey: bs58.decode(session.address),
        chains: CHAINS,
        features: FEATURES,
      })
    return [this.#account]
  }

  get features(): Features {
    return {
      'standard:connect': { version: '1.0.0', connect: (input) => this.#connect(input?.silent ?? false) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => this.#forget() },
      'standard:events': { version: '1.0.0', on: (_event, listener) => this.#on(listener) },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs) => {
          const [input] = inputs
          if (!input || inputs.length > 1) throw new Error('Sign one message at a time')
          const [signature] = await this.#request('signMessage', [input.message])
          return [{ signedMessage: input.message, signature: signature!, signatureType: 'ed25519' as const }]
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs) => {
          const method = inputs.length === 1 ? 'signTransaction' : 'signAllTransactions'
          const signed = await this.#request(
            method,
            inputs.map(({ transaction }) => transaction),
          )
          return signed.map((signedTransaction) => ({ signedTransaction }))
        },
      },
      [DEEPLINK_FEATURE]: { version: '1.0.0' },
    }
  }

  #session(): StoredSession | null {
    const { session } = loadDeepLinkState()
    return session?.wallet === this.name ? session : null
  }

  async #connect(silent: boolean) {
    if (this.#session() || silent) return { accounts: this.accounts }
    // A refusal that came back while this page was away (a reload) is the answer to this connect.
    if (takeAnswer(this.name, 'connect', '')) return { accounts: this.accounts }
    const waiting = outstanding(this.name, 'connect', '')
    if (waiting) await ask(waiting, false)
    else {
      const dapp = newDappKeyPair()
      const id = newRequestId()
      const link = connectLink({
        provider: this.#options.provider,
        dappPublicKey: dapp.publicKey,
        appUrl: this.#options.origin(),
        redirectLink: callbackUrl(this.#options.origin(), id),
        cluster: this.#options.cluster,
      })
      const request = {
        id,
        wallet: this.name,
        method: 'connect' as const,
        createdAt: Date.now(),
        returnTo: currentPath(),
      }
      await ask(
        {
          ...request,
          input: '',
          link,
          dappPublicKey: bs58.encode(dapp.publicKey),
          dappSecretKey: bs58.encode(dapp.secretKey),
        },
        true,
      )
    }
    this.#emit()
    return { accounts: this.accounts }
  }

  /** Asks the wallet to sign `payloads` (or takes its stored answer); resolves with base58-decoded results. */
  async #request(method: SessionMethod & DeepLinkMethod, payloads: Uint8Array[]): Promise<Uint8Array[]> {
    const input = payloads.map((bytes) => bs58.encode(bytes)).join(',')
    const answer = await this.#answerTo(method, input, payloads)
    return (answer.values ?? []).map((value) => bs58.decode(value))
  }

  async #answerTo(method: SessionMethod, input: string, payloads: Uint8Array[]): Promise<StoredAnswer> {
    try {
      const stored = takeAnswer(this.name, method, input)
      if (stored) return stored
      const waiting = outstanding(this.name, method, input)
      if (waiting) return await ask(waiting, false)
      const session = this.#session()
      if (!session) throw new DeepLinkError('not-connected', DEEPLINK_TEXT.noSession(this.name))
      const id = newRequestId()
      const fields =
        method === 'signMessage'
          ? signMessageFields(payloads[0]!)
          : method === 'signTransaction'
            ? signTransactionFields(payloads[0]!)
            : signAllTransactionsFields(payloads)
      const keys = {
        dappPublicKey: bs58.decode(session.dappPublicKey),
        sharedSecret: bs58.decode(session.sharedSecret),
        session: session.session,
      }
      const link = sessionLink(
        this.#options.provider,
        method,
        keys,
        callbackUrl(this.#options.origin(), id),
        fields,
      )
      const request = {
        id,
        wallet: this.name,
        method,
        createdAt: Date.now(),
        returnTo: currentPath(),
        input,
        link,
      }
      return await ask(request, true)
    } catch (error) {
      // The wallet no longer honours our session: forget it, so the next attempt connects again.
      if (error instanceof DeepLinkError && error.failure === 'not-connected') this.#forget()
      throw error
    }
  }

  /**
   * Disconnect and logout forget the session here, without a round trip to the wallet app: without its keys
   * nobody can use the session (docs/decisions/007-phone-wallets.md).
   */
  #forget() {
    const had = this.#session() !== null
    updateDeepLinkState((state) => {
      if (state.session?.wallet === this.name) state.session = null
      if (state.request?.wallet === this.name) state.request = null
    })
    if (had) this.#emit()
  }

  #emit() {
    for (const listener of this.#listeners) listener({ accounts: this.accounts })
  }

  #on(listener: StandardEventsListeners['change']) {
    this.#listeners.push(listener)
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener)
    }
  }
}
