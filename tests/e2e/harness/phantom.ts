// The Node half of the injected Phantom-compatible wallet: the keypair lives here and signs with tweetnacl,
// so the server verifies real Ed25519 signatures. The page half is phantom.page.js.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import type { BrowserContext } from 'playwright-core'
import { rpc } from './rpc'

const PAGE_SCRIPT = readFileSync(resolve(import.meta.dirname, 'phantom.page.js'), 'utf8')

export interface Account {
  base58: string
  bytes: string
}

/** What the page sees as `window.phantom.solana` (the parts the specs call directly). */
export interface InjectedPhantom {
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: { toBytes(): Uint8Array } }>
  signTransaction<T>(transaction: T): Promise<T>
  signAndSendTransaction(transaction: unknown): Promise<{ signature: string }>
}

export interface PhantomDouble {
  /** The connected account's address (base58). */
  address(): string
  /** Every message the page asked the wallet to sign, as text. */
  signedMessages: string[]
  /** Switches the wallet to another keypair; connected pages receive `accountChanged`. */
  switchAccount(keypair: nacl.SignKeyPair): Promise<void>
}

const accountOf = (keypair: nacl.SignKeyPair): Account => ({
  base58: bs58.encode(keypair.publicKey),
  bytes: Buffer.from(keypair.publicKey).toString('base64'),
})

interface SendPayload {
  transaction: string
  options: { skipPreflight?: boolean; preflightCommitment?: string; maxRetries?: number }
}

export async function installPhantom(
  context: BrowserContext,
  rpcUrl: string,
  keypair: nacl.SignKeyPair = nacl.sign.keyPair(),
): Promise<PhantomDouble> {
  let current = keypair
  let trusted = false
  const signedMessages: string[] = []

  const handlers: Record<string, (payload: unknown) => unknown> = {
    connect: (payload) => {
      if ((payload as { onlyIfTrusted: boolean }).onlyIfTrusted && !trusted)
        throw new Error('User rejected the request.')
      trusted = true
      return accountOf(current)
    },
    disconnect: () => null,
    sign: (payload) => {
      const bytes = Buffer.from(payload as string, 'base64')
      signedMessages.push(bytes.toString('utf8'))
      return Buffer.from(nacl.sign.detached(bytes, current.secretKey)).toString('base64')
    },
    send: async (payload) => {
      const { transaction, options } = payload as SendPayload
      return rpc<string>(rpcUrl, 'sendTransaction', [transaction, { ...options, encoding: 'base64' }])
    },
  }

  await context.exposeBinding('__phantomBridge', (_source, op: string, payload: unknown) => {
    const handler = handlers[op]
    if (!handler) throw new Error(`unknown wallet operation ${op}`)
    return handler(payload)
  })
  await context.addInitScript({ content: PAGE_SCRIPT })

  return {
    address: () => bs58.encode(current.publicKey),
    signedMessages,
    async switchAccount(next) {
      current = next
      const account = accountOf(next)
      for (const page of context.pages()) {
        await page.evaluate((changed) => {
          ;(window as unknown as { __phantomAccountChanged(a: Account): void }).__phantomAccountChanged(
            changed,
          )
        }, account)
      }
    },
  }
}
