// A real Wallet Standard wallet backed by a keypair in localStorage, for local mode only.
// @see https://github.com/wallet-standard/wallet-standard (standard:* features)
// @see https://github.com/anza-xyz/wallet-standard (solana:* features)
import { Connection, type Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { associatedTokenAddress } from '../../../api-contract/usdc-gift'
import {
  SANDBOX_AIRDROP_LAMPORTS,
  SANDBOX_MIN_LAMPORTS,
  SANDBOX_MIN_USDC_UNITS,
  SANDBOX_WALLET_NAME,
} from './constants'
import { SANDBOX_ICON } from './icon'
import { loadOrCreateSandboxKeypair, loadSandboxKeypair } from './keypair'

// Whatever chain the adapter infers from the RPC address (a phone reaches the local node by a LAN address,
// which reads as mainnet), this wallet only ever talks to the local node it was created with.
const CHAINS = ['solana:localnet', 'solana:devnet', 'solana:testnet', 'solana:mainnet'] as const
const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

/** The local test USDC: its mint, and the API's faucet that mints it to a wallet. */
export interface SandboxUsdc {
  mint: string
  topUp: (address: string) => Promise<unknown>
}

export class SandboxWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = SANDBOX_WALLET_NAME
  readonly icon = SANDBOX_ICON
  readonly chains = CHAINS
  #keypair: Keypair | null = null
  #account: WalletAccount | null = null
  #listeners: StandardEventsListeners['change'][] = []
  readonly #connection: Connection
  readonly #usdc: SandboxUsdc | null

  constructor(rpcUrl: string, usdc: SandboxUsdc | null = null) {
    this.#connection = new Connection(rpcUrl, 'confirmed')
    this.#usdc = usdc
  }

  get accounts(): readonly WalletAccount[] {
    return this.#account ? [this.#account] : []
  }

  get features(): Features {
    return {
      'standard:connect': { version: '1.0.0', connect: (input) => this.#connect(input?.silent ?? false) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => this.#setKeypair(null) },
      'standard:events': { version: '1.0.0', on: (_event, listener) => this.#on(listener) },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs) => inputs.map(({ message }) => this.#signMessage(message)),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs) =>
          inputs.map(({ transaction }) => ({ signedTransaction: this.#sign(transaction) })),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (...inputs) =>
          Promise.all(inputs.map(({ transaction }) => this.#signAndSend(transaction))),
      },
    }
  }

  async #connect(silent: boolean) {
    const keypair = silent ? loadSandboxKeypair() : loadOrCreateSandboxKeypair().keypair
    if (keypair) {
      this.#setKeypair(keypair)
      await this.#fund(keypair)
    }
    return { accounts: this.accounts }
  }

  /** Tops up SOL and test USDC from the local faucets; a failed top-up never blocks signing in. */
  async #fund(keypair: Keypair) {
    try {
      if ((await this.#connection.getBalance(keypair.publicKey)) < SANDBOX_MIN_LAMPORTS)
        await this.#connection.requestAirdrop(keypair.publicKey, SANDBOX_AIRDROP_LAMPORTS)
    } catch (error) {
      console.warn('sandbox faucet unavailable', error)
    }
    if (this.#usdc) await this.#fundUsdc(keypair.publicKey, this.#usdc)
  }

  async #fundUsdc(owner: PublicKey, usdc: SandboxUsdc) {
    try {
      if ((await this.#usdcBalance(owner, usdc.mint)) < SANDBOX_MIN_USDC_UNITS)
        await usdc.topUp(owner.toBase58())
    } catch (error) {
      console.warn('sandbox USDC faucet unavailable', error)
    }
  }

  /** Base units of test USDC in the wallet's associated account; 0n while it has none. */
  async #usdcBalance(owner: PublicKey, mint: string): Promise<bigint> {
    const account = associatedTokenAddress(owner, new PublicKey(mint))
    if (!(await this.#connection.getAccountInfo(account))) return 0n
    return BigInt((await this.#connection.getTokenAccountBalance(account)).value.amount)
  }

  #setKeypair(keypair: Keypair | null) {
    this.#keypair = keypair
    this.#account = keypair
      ? new ReadonlyWalletAccount({
          address: keypair.publicKey.toBase58(),
          publicKey: keypair.publicKey.toBytes(),
          chains: CHAINS,
          features: FEATURES,
        })
      : null
    for (const listener of this.#listeners) listener({ accounts: this.accounts })
  }

  #on(listener: StandardEventsListeners['change']) {
    this.#listeners.push(listener)
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener)
    }
  }

  #requireKeypair(): Keypair {
    if (!this.#keypair) throw new Error('Sandbox wallet not connected')
    return this.#keypair
  }

  #signMessage(message: Uint8Array) {
    const signature = nacl.sign.detached(message, this.#requireKeypair().secretKey)
    return { signedMessage: message, signature, signatureType: 'ed25519' as const }
  }

  #sign(bytes: Uint8Array): Uint8Array {
    const transaction = VersionedTransaction.deserialize(bytes)
    transaction.sign([this.#requireKeypair()])
    return transaction.serialize()
  }

  async #signAndSend(bytes: Uint8Array) {
    const signed = this.#sign(bytes)
    const signature = await this.#connection.sendRawTransaction(signed, { preflightCommitment: 'confirmed' })
    return { signature: bs58.decode(signature) }
  }
}
