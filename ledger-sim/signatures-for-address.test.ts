// getSignaturesForAddress with Solana's semantics: newest first, before/until paging (exclusive), limit,
// commitment depth, failed transactions included, and a read-only "reference" key found like any other.
import type { PublicKey } from '@solana/web3.js'
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirm, startTestLedger, type TestLedger } from './test-kit'

let t: TestLedger
beforeAll(async () => {
  t = await startTestLedger()
})
afterAll(() => t.close())

interface SignatureInfo {
  signature: string
  slot: number
  err: unknown
  memo: string | null
  blockTime: number
  confirmationStatus: string
}

async function rpc<T>(method: string, params: unknown[]) {
  const res = await fetch(t.ledger.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as { result?: T; error?: { code: number; message: string } }
}

const history = async (address: PublicKey, config: Record<string, unknown> = {}) => {
  const answer = await rpc<SignatureInfo[]>('getSignaturesForAddress', [
    address.toBase58(),
    { commitment: 'confirmed', ...config },
  ])
  if (answer.error) throw new Error(answer.error.message)
  return answer.result!
}

/** A transfer that carries `reference` as a read-only, non-signer key of the transfer instruction. */
async function payWithReference(from: Keypair, to: PublicKey, reference: PublicKey, lamports = 1_000_000) {
  const { blockhash } = await t.connection.getLatestBlockhash()
  const ix = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })
  ix.keys.push({ pubkey: reference, isSigner: false, isWritable: false })
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(ix)
  tx.sign(from)
  const signature = await t.connection.sendRawTransaction(tx.serialize())
  await confirm(t.connection, signature)
  return signature
}

describe('getSignaturesForAddress', () => {
  let reference: PublicKey
  let sigs: string[] // oldest first
  beforeAll(async () => {
    const from = await t.funded(2)
    const to = Keypair.generate().publicKey
    reference = Keypair.generate().publicKey
    sigs = []
    for (let i = 0; i < 5; i++) sigs.push(await payWithReference(from, to, reference, 1_000_000 + i))
  })

  it('finds every transaction that carries a key, newest first, with its slot and status', async () => {
    const found = await history(reference)
    expect(found.map((s) => s.signature)).toEqual([...sigs].reverse())
    for (const info of found) {
      expect(info).toMatchObject({ err: null, memo: null })
      expect(['confirmed', 'finalized']).toContain(info.confirmationStatus)
    }
    const slots = found.map((s) => s.slot)
    expect(slots).toEqual([...slots].sort((a, b) => b - a))
  })

  it('pages with limit and before, and stops at until (both exclusive)', async () => {
    const newest = await history(reference, { limit: 2 })
    expect(newest.map((s) => s.signature)).toEqual([sigs[4], sigs[3]])
    const next = await history(reference, { limit: 2, before: sigs[3] })
    expect(next.map((s) => s.signature)).toEqual([sigs[2], sigs[1]])
    const since = await history(reference, { until: sigs[1] })
    expect(since.map((s) => s.signature)).toEqual([sigs[4], sigs[3], sigs[2]])
    expect(await history(reference, { before: sigs[3], until: sigs[1] })).toHaveLength(1)
  })

  it('places a before/until signature of another address by its position in the ledger', async () => {
    const other = await t.funded(1) // an airdrop that never touched `reference`
    const [airdrop] = await history(other.publicKey)
    expect(await history(reference, { until: airdrop!.signature })).toEqual([])
    expect((await history(reference, { before: airdrop!.signature })).map((s) => s.signature)).toEqual(
      [...sigs].reverse(),
    )
  })

  it('answers nothing before an unknown signature and everything until an unknown one', async () => {
    const unknown = '1'.repeat(64)
    expect(await history(reference, { before: unknown })).toEqual([])
    expect(await history(reference, { until: unknown })).toHaveLength(5)
  })

  it('lists failed transactions too, with their error', async () => {
    const from = await t.funded(1)
    const key = Keypair.generate().publicKey
    const { blockhash } = await t.connection.getLatestBlockhash()
    const ix = SystemProgram.transfer({
      fromPubkey: from.publicKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 5 * LAMPORTS_PER_SOL,
    })
    ix.keys.push({ pubkey: key, isSigner: false, isWritable: false })
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(ix)
    tx.sign(from)
    const signature = await t.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    let found: SignatureInfo[] = []
    for (let i = 0; i < 100 && found.length === 0; i++) {
      await new Promise((done) => setTimeout(done, 50))
      found = await history(key)
    }
    const [info] = found
    expect(info).toMatchObject({ signature, err: { InstructionError: [0, { Custom: 1 }] } })
  })

  it('honours the commitment: processed is refused, finalized waits 32 slots', async () => {
    const from = await t.funded(1)
    const key = Keypair.generate().publicKey
    const signature = await payWithReference(from, Keypair.generate().publicKey, key)
    expect((await history(key)).map((s) => s.signature)).toEqual([signature])
    expect(await history(key, { commitment: 'finalized' })).toEqual([])
    const refused = await rpc('getSignaturesForAddress', [key.toBase58(), { commitment: 'processed' }])
    expect(refused.error?.message).toBe('Method does not support commitment below `confirmed`')
  })

  it('refuses a limit out of 1..1000 and a minContextSlot the ledger has not reached', async () => {
    for (const limit of [0, 1001, 1.5]) {
      const answer = await rpc('getSignaturesForAddress', [reference.toBase58(), { limit }])
      expect(answer.error).toMatchObject({ code: -32602, message: 'Invalid limit; max 1000' })
    }
    const ahead = await rpc('getSignaturesForAddress', [reference.toBase58(), { minContextSlot: 10 ** 9 }])
    expect(ahead.error).toMatchObject({ code: -32016, message: 'Minimum context slot has not been reached' })
  })
})
