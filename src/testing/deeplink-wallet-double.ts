// The wallet side of Phantom's and Solflare's `ul/v1` deep-link protocol, for tests: unit tests hand it the links
// the app builds, and the e2e suite (Playwright routing of phantom.app / solflare.com) does the same in Node.
// Real crypto throughout: a fresh x25519 keypair per connect, nacl.box with the shared secret, sessions signed
// like Phantom's (64-byte Ed25519 signature ‖ JSON), Ed25519 signatures over the exact message and transaction
// bytes. A request that breaks the protocol throws, so the test fails instead of the double guessing.
// @see https://docs.phantom.com/phantom-deeplinks/provider-methods
// @see https://docs.phantom.com/phantom-deeplinks/handling-sessions
import { VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'

export type DoubleWallet = 'Phantom' | 'Solflare'

const PROVIDERS = {
  Phantom: { base: 'https://phantom.app/ul/v1/', keyParam: 'phantom_encryption_public_key' },
  Solflare: { base: 'https://solflare.com/ul/v1/', keyParam: 'solflare_encryption_public_key' },
} as const

const CLUSTERS = ['mainnet-beta', 'testnet', 'devnet']
const METHODS = ['connect', 'disconnect', 'signMessage', 'signTransaction', 'signAllTransactions'] as const
type Method = (typeof METHODS)[number]

export interface ReceivedLink {
  method: Method
  url: string
}

/** A decision for the next request: approve (the default) or refuse with an error code. */
export interface Refusal {
  errorCode: number
  errorMessage?: string
}

interface Session {
  sharedSecret: Uint8Array
  appUrl: string
}

export class ProtocolViolation extends Error {}

function required(params: URLSearchParams, name: string): string {
  const value = params.get(name)
  if (!value) throw new ProtocolViolation(`missing query parameter ${name}`)
  return value
}

function withParams(redirect: string, params: Record<string, string>): string {
  const url = new URL(redirect)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

function encrypt(value: unknown, sharedSecret: Uint8Array) {
  const nonce = nacl.randomBytes(24)
  const data = nacl.box.after(new TextEncoder().encode(JSON.stringify(value)), nonce, sharedSecret)
  return { nonce: bs58.encode(nonce), data: bs58.encode(data) }
}

export class DeepLinkWalletDouble {
  readonly wallet: DoubleWallet
  readonly keypair: nacl.SignKeyPair
  /** Every link the double was handed, in order. */
  readonly received: ReceivedLink[] = []
  /** Every message it signed, decoded as UTF-8. */
  readonly signedMessages: string[] = []
  readonly #sessions = new Map<string, Session>()

  constructor(wallet: DoubleWallet, keypair: nacl.SignKeyPair = nacl.sign.keyPair()) {
    this.wallet = wallet
    this.keypair = keypair
  }

  get address(): string {
    return bs58.encode(this.keypair.publicKey)
  }

  /** Whether `url` is a link for this wallet. */
  handles(url: string): boolean {
    return url.startsWith(PROVIDERS[this.wallet].base)
  }

  /** Answers a link as the wallet app would: returns the URL it sends the user back to. */
  respond(link: string, refusal?: Refusal): string {
    const url = new URL(link)
    const base = PROVIDERS[this.wallet].base
    if (!link.startsWith(base)) throw new ProtocolViolation(`not a ${this.wallet} link: ${link}`)
    const method = url.pathname.slice(new URL(base).pathname.length) as Method
    if (!METHODS.includes(method)) throw new ProtocolViolation(`unknown method ${method}`)
    this.received.push({ method, url: link })
    const redirect = required(url.searchParams, 'redirect_link')
    new URL(redirect)
    if (method === 'connect') return this.#connect(url.searchParams, redirect, refusal)
    return this.#sessionMethod(method, url.searchParams, redirect, refusal)
  }

  #connect(params: URLSearchParams, redirect: string, refusal?: Refusal): string {
    const appUrl = required(params, 'app_url')
    const dappKey = bs58.decode(required(params, 'dapp_encryption_public_key'))
    if (dappKey.length !== 32) throw new ProtocolViolation('dapp_encryption_public_key is not 32 bytes')
    const cluster = params.get('cluster') ?? 'mainnet-beta'
    if (!CLUSTERS.includes(cluster))
      throw new ProtocolViolation(`cluster ${cluster} is not one the wallet knows`)
    if (new URL(appUrl).origin !== new URL(redirect).origin)
      throw new ProtocolViolation('redirect_link is not on the origin of app_url')
    if (refusal) return this.#refuse(redirect, refusal)

    const own = nacl.box.keyPair()
    const sharedSecret = nacl.box.before(dappKey, own.secretKey)
    this.#sessions.set(bs58.encode(dappKey), { sharedSecret, appUrl })
    const json = JSON.stringify({ app_url: appUrl, timestamp: Date.now(), chain: 'solana', cluster })
    const session = bs58.encode(nacl.sign(new TextEncoder().encode(json), this.keypair.secretKey))
    const answer = encrypt({ public_key: this.address, session }, sharedSecret)
    return withParams(redirect, { [PROVIDERS[this.wallet].keyParam]: bs58.encode(own.publicKey), ...answer })
  }

  #sessionMethod(method: Method, params: URLSearchParams, redirect: string, refusal?: Refusal): string {
    const dappKey = required(params, 'dapp_encryption_public_key')
    const session = this.#sessions.get(dappKey)
    // A wallet that never connected this key (or disconnected it) answers Unauthorized.
    if (!session) return this.#refuse(redirect, { errorCode: 4100, errorMessage: 'Unauthorized' })
    const opened = nacl.box.open.after(
      bs58.decode(required(params, 'payload')),
      bs58.decode(required(params, 'nonce')),
      session.sharedSecret,
    )
    if (!opened) throw new ProtocolViolation('payload does not decrypt with the shared secret')
    const payload = JSON.parse(new TextDecoder().decode(opened)) as Record<string, unknown>
    this.#checkSession(payload.session, session)
    if (refusal) return this.#refuse(redirect, refusal)

    if (method === 'disconnect') {
      this.#sessions.delete(dappKey)
      return redirect
    }
    const answer = this.#sign(method, payload)
    return withParams(redirect, encrypt(answer, session.sharedSecret))
  }

  #checkSession(token: unknown, session: Session) {
    if (typeof token !== 'string') throw new ProtocolViolation('payload has no session')
    const opened = nacl.sign.open(bs58.decode(token), this.keypair.publicKey)
    if (!opened) throw new ProtocolViolation('session was not signed by this wallet')
    const data = JSON.parse(new TextDecoder().decode(opened)) as { app_url?: string }
    if (data.app_url !== session.appUrl) throw new ProtocolViolation('session belongs to another app')
  }

  #sign(method: Method, payload: Record<string, unknown>): Record<string, unknown> {
    if (method === 'signMessage') {
      const message = bs58.decode(String(payload.message))
      const display = payload.display ?? 'utf8'
      if (display !== 'utf8' && display !== 'hex') throw new ProtocolViolation(`display ${String(display)}`)
      this.signedMessages.push(new TextDecoder().decode(message))
      return { signature: bs58.encode(nacl.sign.detached(message, this.keypair.secretKey)) }
    }
    if (method === 'signTransaction')
      return { transaction: this.#signTransaction(String(payload.transaction)) }
    if (!Array.isArray(payload.transactions)) throw new ProtocolViolation('transactions is not a list')
    return { transactions: payload.transactions.map((item) => this.#signTransaction(String(item))) }
  }

  /** Signs the transaction's message with the account key, in the account's signature slot. Does not send it. */
  #signTransaction(serialized: string): string {
    const transaction = VersionedTransaction.deserialize(bs58.decode(serialized))
    const signers = transaction.message.staticAccountKeys.slice(
      0,
      transaction.message.header.numRequiredSignatures,
    )
    const index = signers.findIndex((key) => key.toBase58() === this.address)
    if (index < 0) throw new ProtocolViolation('the transaction does not need this wallet to sign')
    transaction.signatures[index] = nacl.sign.detached(
      transaction.message.serialize(),
      this.keypair.secretKey,
    )
    return bs58.encode(transaction.serialize())
  }

  #refuse(redirect: string, refusal: Refusal): string {
    return withParams(redirect, {
      errorCode: String(refusal.errorCode),
      errorMessage: refusal.errorMessage ?? 'User rejected the request.',
    })
  }
}
