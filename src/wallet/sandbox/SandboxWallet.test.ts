import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import type { StandardConnectFeature } from '@wallet-standard/features'
import nacl from 'tweetnacl'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { associatedTokenAddress } from '../../../api-contract/usdc-gift'
import { stubApi } from '../../testing/harness'
import { SANDBOX_SECRET_KEY, SANDBOX_WALLET_NAME } from './constants'
import { registerSandboxWallet } from './register'
import { SandboxWallet } from './SandboxWallet'

type Features = StandardConnectFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature

async function connected() {
  const wallet = new SandboxWallet('http://localhost:8899')
  const features = wallet.features as unknown as Features
  const { accounts } = await features['standard:connect'].connect()
  const account = accounts[0]
  if (!account) throw new Error('no account')
  return { wallet, features, account }
}

describe('the Sandbox wallet', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    )
  })

  it('refuses to register outside local mode', () => {
    expect(() =>
      registerSandboxWallet({ cluster: 'devnet', rpc_url: 'https://api.devnet.solana.com', usdc_mint: null }),
    ).toThrow(/only in local mode/)
    expect(() =>
      registerSandboxWallet({
        cluster: 'mainnet-beta',
        rpc_url: 'https://api.mainnet-beta.solana.com',
        usdc_mint: null,
      }),
    ).toThrow(/only in local mode/)
  })

  it('registers in local mode under its test-only name', () => {
    expect(registerSandboxWallet({ cluster: 'local', rpc_url: '/rpc', usdc_mint: null }).name).toBe(
      SANDBOX_WALLET_NAME,
    )
  })

  it('keeps its keypair on this device across connections', async () => {
    const first = await connected()
    expect(localStorage.getItem(SANDBOX_SECRET_KEY)).toBeTruthy()
    const second = await connected()
    expect(second.account.address).toBe(first.account.address)
  })

  it('produces message signatures that verify with tweetnacl', async () => {
    const { features, account } = await connected()
    const message = new TextEncoder().encode(
      'localhost wants you to sign in with your Solana account:\nSign in to Lifeline',
    )
    const [output] = await features['solana:signMessage'].signMessage({ account, message })
    expect(
      output && nacl.sign.detached.verify(message, output.signature, new Uint8Array(account.publicKey)),
    ).toBe(true)
  })

  it('signs a transfer transaction with its key', async () => {
    const { features, account } = await connected()
    const from = new PublicKey(account.address)
    const tx = new Transaction({ feePayer: from, recentBlockhash: '11111111111111111111111111111111' }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: PublicKey.unique(), lamports: 1_000 }),
    )
    const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false })
    const [output] = await features['solana:signTransaction'].signTransaction({ account, transaction: bytes })
    const signed = VersionedTransaction.deserialize(output!.signedTransaction)
    const valid = nacl.sign.detached.verify(signed.message.serialize(), signed.signatures[0]!, from.toBytes())
    expect(valid).toBe(true)
  })
})

/**
 * The local ledger's answers to the reads the wallet makes on connect, from a real HTTP server (web3.js keeps its
 * own fetch): SOL enough, and `usdc` micro-USDC in the wallet's USDC account (null: it has none).
 */
function ledgerHolding(usdc: bigint | null) {
  let server: Server
  const asked: { method: string; address: unknown }[] = []
  const token = {
    lamports: 2_039_280,
    owner: TOKEN_PROGRAM,
    data: ['', 'base64'],
    executable: false,
    rentEpoch: 0,
  }
  const rpc = (method: string) => {
    const context = { slot: 1 }
    if (method === 'getBalance') return { context, value: 1_000_000_000 }
    if (method === 'getAccountInfo') return { context, value: usdc === null ? null : token }
    if (method === 'getTokenAccountBalance')
      return { context, value: { amount: String(usdc), decimals: 6, uiAmount: null, uiAmountString: '' } }
    throw new Error(`unexpected ${method}`)
  }
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] }
        asked.push({ method, address: params[0] })
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: rpc(method) }))
      })
    })
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  })
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())))
  return { url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const MINT = PublicKey.unique().toBase58()

async function connectWith(rpcUrl: string, topUp: (address: string) => Promise<unknown>) {
  const wallet = new SandboxWallet(rpcUrl, { mint: MINT, topUp })
  const { accounts } = await (wallet.features as unknown as Features)['standard:connect'].connect()
  return accounts[0]!.address
}

describe("the Sandbox wallet's test USDC", () => {
  beforeEach(() => localStorage.clear())

  describe('holding 4.99 USDC', () => {
    const ledger = ledgerHolding(4_990_000n)
    it("asks the API's faucet for 20 test USDC on connect, for its own address", async () => {
      const calls = stubApi({ 'POST /api/faucet/': () => ({ body: {} }) })
      vi.resetModules()
      const { registerSandboxWallet: register } = await import('./register')
      const wallet = register({ cluster: 'local', rpc_url: ledger.url(), usdc_mint: MINT })
      const { accounts } = await (wallet.features as unknown as Features)['standard:connect'].connect()
      const address = accounts[0]!.address
      const usdcAccount = associatedTokenAddress(new PublicKey(address), new PublicKey(MINT)).toBase58()
      expect(ledger.asked).toContainEqual({ method: 'getTokenAccountBalance', address: usdcAccount })
      expect(calls.filter((call) => call.key === 'POST /api/faucet/').map((call) => call.body)).toEqual([
        { wallet_address: address, asset: 'usdc', amount: 20 },
      ])
    })
  })

  describe('with no USDC account yet', () => {
    const ledger = ledgerHolding(null)
    it('asks the faucet, which opens the account', async () => {
      const topUp = vi.fn(async () => undefined)
      await connectWith(ledger.url(), topUp)
      expect(topUp).toHaveBeenCalledTimes(1)
    })

    it('still connects when the faucet is unavailable', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const address = await connectWith(ledger.url(), async () => Promise.reject(new Error('429')))
      expect(address).toBeTruthy()
    })
  })

  describe('holding 5 USDC', () => {
    const ledger = ledgerHolding(5_000_000n)
    it('asks for nothing', async () => {
      const topUp = vi.fn(async () => undefined)
      await connectWith(ledger.url(), topUp)
      expect(topUp).not.toHaveBeenCalled()
    })
  })
})
