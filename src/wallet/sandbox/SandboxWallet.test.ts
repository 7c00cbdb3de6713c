import { PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import type { StandardConnectFeature } from '@wallet-standard/features'
import nacl from 'tweetnacl'
import { beforeEach, describe, expect, it, vi } from 'vitest'
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
      registerSandboxWallet({ cluster: 'devnet', rpc_url: 'https://api.devnet.solana.com' }),
    ).toThrow(/only in local mode/)
    expect(() =>
      registerSandboxWallet({ cluster: 'mainnet-beta', rpc_url: 'https://api.mainnet-beta.solana.com' }),
    ).toThrow(/only in local mode/)
  })

  it('registers in local mode under its test-only name', () => {
    expect(registerSandboxWallet({ cluster: 'local', rpc_url: '/rpc' }).name).toBe(SANDBOX_WALLET_NAME)
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
