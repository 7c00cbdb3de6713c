import {
  ComputeBudgetProgram,
  Keypair,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type PublicKey,
} from '@solana/web3.js'
import bs58 from 'bs58'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirm, memo, startTestLedger, transferTx, type TestLedger } from '../../ledger-sim/test-kit'
import { checkPayment, type ParsedTx } from '../../api-contract/check-payment'
import { createRpcClient, LedgerUnavailable, type RpcClient } from './rpc-client'
import { verifyPayment } from './verify-payment'

let t: TestLedger
let rpc: RpcClient
let httpCalls = 0
let donor: Keypair
const campaign = Keypair.generate().publicKey
const platform = Keypair.generate().publicKey

beforeAll(async () => {
  t = await startTestLedger()
  rpc = createRpcClient(t.ledger.rpcUrl, { fetch: (url, init) => (httpCalls++, fetch(url, init)) })
  donor = await t.funded(5)
})
afterAll(() => t.close())

type Legs = { to: PublicKey; lamports: number }[]
async function pay(from: Keypair, legs: Legs): Promise<string> {
  const tx = await transferTx(t.connection, from, legs)
  const sig = await t.connection.sendRawTransaction(tx.serialize())
  await confirm(t.connection, sig)
  return sig
}
const expectDonation = (signature: string, lamports: bigint, tip?: bigint, payer = donor.publicKey) => ({
  signature,
  payer: payer.toBase58(),
  transfers: [
    { to: campaign.toBase58(), lamports },
    ...(tip === undefined ? [] : [{ to: platform.toBase58(), lamports: tip }]),
  ],
})

describe('verifyPayment accepts real payments', () => {
  it('accepts a donation with its tip in one transaction, in one RPC round trip', async () => {
    const sig = await pay(donor, [
      { to: campaign, lamports: 100_000_000 },
      { to: platform, lamports: 2_000_000 },
    ])
    const before = httpCalls
    const res = await verifyPayment(rpc, expectDonation(sig, 100_000_000n, 2_000_000n))
    expect(httpCalls - before).toBe(1)
    expect(res).toMatchObject({ ok: true, signature: sig, fee: 5000n })
    expect(res.ok && res.slot).toBeGreaterThan(0)
    expect(res.ok && res.received).toEqual([
      { to: campaign.toBase58(), lamports: 100_000_000n },
      { to: platform.toBase58(), lamports: 2_000_000n },
    ])
  })

  it('accepts a payment with extra memo and compute-budget instructions in any position', async () => {
    const extra = [memo('campaign:7'), ComputeBudgetProgram.setComputeUnitLimit({ units: 50_000 })]
    const tx = await transferTx(
      t.connection,
      donor,
      [],
      [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 10 }), ...extra],
    )
    tx.instructions.splice(
      1,
      0,
      SystemProgram.transfer({ fromPubkey: donor.publicKey, toPubkey: platform, lamports: 1000 }),
    )
    tx.add(SystemProgram.transfer({ fromPubkey: donor.publicKey, toPubkey: campaign, lamports: 7_000_000 }))
    tx.sign(donor)
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    await confirm(t.connection, sig)
    expect((await verifyPayment(rpc, expectDonation(sig, 7_000_000n, 1000n))).ok).toBe(true)
  })

  it('accepts a v0 transaction', async () => {
    const { blockhash } = await t.connection.getLatestBlockhash()
    const msg = new TransactionMessage({
      payerKey: donor.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: donor.publicKey, toPubkey: campaign, lamports: 3_000_000 }),
      ],
    }).compileToV0Message()
    const tx = new VersionedTransaction(msg)
    tx.sign([donor])
    const sig = await t.connection.sendTransaction(tx)
    await confirm(t.connection, sig)
    expect((await verifyPayment(rpc, expectDonation(sig, 3_000_000n))).ok).toBe(true)
  })

  it('sums a donation split over two transfer instructions', async () => {
    const sig = await pay(donor, [
      { to: campaign, lamports: 1_500_000 },
      { to: campaign, lamports: 2_500_000 },
    ])
    expect(await verifyPayment(rpc, expectDonation(sig, 4_000_000n))).toMatchObject({
      ok: true,
      received: [{ lamports: 4_000_000n }],
    })
  })

  it('finds a transaction the node has not confirmed yet by retrying briefly', async () => {
    const tx = await transferTx(t.connection, donor, [{ to: campaign, lamports: 1_000_000 }])
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    expect((await verifyPayment(rpc, expectDonation(sig, 1_000_000n))).ok).toBe(true)
  })
})

describe('verifyPayment rejects what the chain does not prove', () => {
  it('rejects a payment to another wallet as "wrong recipient"', async () => {
    const sig = await pay(donor, [{ to: Keypair.generate().publicKey, lamports: 5_000_000 }])
    expect(await verifyPayment(rpc, expectDonation(sig, 5_000_000n))).toEqual({
      ok: false,
      reason: 'wrong_recipient',
    })
  })

  it('rejects a payment one lamport short, or one lamport over, as "wrong amount"', async () => {
    const sig = await pay(donor, [{ to: campaign, lamports: 4_999_999 }])
    expect(await verifyPayment(rpc, expectDonation(sig, 5_000_000n))).toEqual({
      ok: false,
      reason: 'wrong_amount',
    })
    expect(await verifyPayment(rpc, expectDonation(sig, 4_999_998n))).toEqual({
      ok: false,
      reason: 'wrong_amount',
    })
  })

  it('rejects a missing tip and a short tip as "wrong amount"', async () => {
    const noTip = await pay(donor, [{ to: campaign, lamports: 10_000_000 }])
    expect(await verifyPayment(rpc, expectDonation(noTip, 10_000_000n, 500_000n))).toEqual({
      ok: false,
      reason: 'wrong_amount',
    })
    const shortTip = await pay(donor, [
      { to: campaign, lamports: 10_000_000 },
      { to: platform, lamports: 499_999 },
    ])
    expect(await verifyPayment(rpc, expectDonation(shortTip, 10_000_000n, 500_000n))).toEqual({
      ok: false,
      reason: 'wrong_amount',
    })
  })

  it('rejects a transaction that failed on-chain as "transaction failed"', async () => {
    const poor = await t.funded(1)
    const tx = await transferTx(t.connection, poor, [{ to: campaign, lamports: 3_000_000_000 }])
    const sig = await t.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    expect(await verifyPayment(rpc, expectDonation(sig, 3_000_000_000n, undefined, poor.publicKey))).toEqual({
      ok: false,
      reason: 'transaction_failed',
    })
  })

  it('rejects a transfer signed by someone other than the claimed payer as "not signed by your wallet"', async () => {
    const other = await t.funded(1)
    const sig = await pay(other, [{ to: campaign, lamports: 2_000_000 }])
    expect(await verifyPayment(rpc, expectDonation(sig, 2_000_000n))).toEqual({
      ok: false,
      reason: 'not_signed_by_payer',
    })
  })

  it('rejects a transfer from another signer of the transaction as "not signed by your wallet"', async () => {
    const other = await t.funded(1)
    const tx = await transferTx(
      t.connection,
      donor,
      [],
      [
        SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: campaign, lamports: 2_000_000 }),
        memo('x', donor.publicKey),
      ],
    )
    tx.sign(donor, other)
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    await confirm(t.connection, sig)
    expect(await verifyPayment(rpc, expectDonation(sig, 2_000_000n))).toEqual({
      ok: false,
      reason: 'not_signed_by_payer',
    })
  })

  it('answers "not found on-chain" for a signature the ledger never saw, within a bounded wait', async () => {
    const neverSent = await transferTx(t.connection, donor, [{ to: campaign, lamports: 1 }])
    const started = Date.now()
    const res = await verifyPayment(rpc, expectDonation(bs58.encode(neverSent.signature!), 1n))
    expect(res).toEqual({ ok: false, reason: 'not_found_on_chain' })
    expect(Date.now() - started).toBeLessThan(1500)
    expect(await verifyPayment(rpc, expectDonation('not-a-signature', 1n))).toEqual({
      ok: false,
      reason: 'not_found_on_chain',
    })
  })

  it('answers "not found on-chain" for a transaction confirmed on another ledger', async () => {
    const other = await startTestLedger()
    try {
      expect(other.ledger.genesisHash).not.toBe(t.ledger.genesisHash)
      const payer = await other.funded(1)
      const tx = await transferTx(other.connection, payer, [{ to: campaign, lamports: 1_000_000 }])
      const sig = await other.connection.sendRawTransaction(tx.serialize())
      await confirm(other.connection, sig)
      const res = await verifyPayment(rpc, expectDonation(sig, 1_000_000n, undefined, payer.publicKey), {
        retryDelaysMs: [20],
      })
      expect(res).toEqual({ ok: false, reason: 'not_found_on_chain' })
    } finally {
      await other.close()
    }
  })

  it('never accepts an amount other than the one paid (property over one real transaction)', async () => {
    const sig = await pay(donor, [
      { to: campaign, lamports: 12_345_678 },
      { to: platform, lamports: 10_000 },
    ])
    const tx = await rpc.call<ParsedTx>('getTransaction', [
      sig,
      { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
    ])
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 20_000_000n }),
        fc.bigInt({ min: 0n, max: 20_000n }),
        (amount, tip) => {
          const res = checkPayment(tx, expectDonation(sig, amount, tip))
          return (
            res.ok === (amount === 12_345_678n && tip === 10_000n) ||
            (tip === 0n && amount === 12_345_678n && res.ok)
          )
        },
      ),
    )
  })
})

describe("verifyPayment credits the recipient's net balance change", () => {
  it('refuses a self-donation: the receiving wallet sends to itself', async () => {
    const self = await t.funded(3)
    const sig = await pay(self, [{ to: self.publicKey, lamports: 1_000_000_000 }])
    const claim = {
      signature: sig,
      payer: self.publicKey.toBase58(),
      transfers: [{ to: self.publicKey.toBase58(), lamports: 1_000_000_000n }],
    }
    expect(await verifyPayment(rpc, claim)).toEqual({ ok: false, reason: 'sent_from_recipient' })
  })

  it('refuses one transaction [donor→R 1 SOL, R→donor 1 SOL] co-signed by R', async () => {
    const receiver = await t.funded(2)
    const tx = await transferTx(
      t.connection,
      donor,
      [{ to: receiver.publicKey, lamports: 1_000_000_000 }],
      [
        SystemProgram.transfer({
          fromPubkey: receiver.publicKey,
          toPubkey: donor.publicKey,
          lamports: 1_000_000_000,
        }),
      ],
    )
    tx.sign(donor, receiver)
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    await confirm(t.connection, sig)
    const claim = {
      signature: sig,
      payer: donor.publicKey.toBase58(),
      transfers: [{ to: receiver.publicKey.toBase58(), lamports: 1_000_000_000n }],
    }
    expect(await verifyPayment(rpc, claim)).toEqual({ ok: false, reason: 'sent_from_recipient' })
  })

  it('refuses a tip that the platform wallet sends straight back in the same transaction', async () => {
    const platformKey = await t.funded(1)
    const tx = await transferTx(
      t.connection,
      donor,
      [
        { to: campaign, lamports: 2_000_000 },
        { to: platformKey.publicKey, lamports: 500_000_000 },
      ],
      [
        SystemProgram.transfer({
          fromPubkey: platformKey.publicKey,
          toPubkey: donor.publicKey,
          lamports: 500_000_000,
        }),
      ],
    )
    tx.sign(donor, platformKey)
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    await confirm(t.connection, sig)
    const claim = {
      signature: sig,
      payer: donor.publicKey.toBase58(),
      transfers: [
        { to: campaign.toBase58(), lamports: 2_000_000n },
        { to: platformKey.publicKey.toBase58(), lamports: 500_000_000n },
      ],
    }
    expect(await verifyPayment(rpc, claim)).toEqual({ ok: false, reason: 'sent_from_recipient' })
  })

  it('credits the net of a donation and a tip split across several instructions', async () => {
    const sig = await pay(donor, [
      { to: campaign, lamports: 1_000_000 },
      { to: platform, lamports: 100_000 },
      { to: campaign, lamports: 2_000_000 },
      { to: platform, lamports: 50_000 },
    ])
    expect(await verifyPayment(rpc, expectDonation(sig, 3_000_000n, 150_000n))).toMatchObject({
      ok: true,
      received: [
        { to: campaign.toBase58(), lamports: 3_000_000n },
        { to: platform.toBase58(), lamports: 150_000n },
      ],
    })
  })
})

describe('verifyPayment against the embedded ledger, in process', () => {
  it('verifies with no HTTP request, and refuses what the HTTP client refuses', async () => {
    const local = createRpcClient(t.ledger.rpcUrl, {
      fetch: (url, init) => (httpCalls++, fetch(url, init)),
      inProcess: (body) => t.ledger.handleRpc(body),
    })
    const sig = await pay(donor, [{ to: campaign, lamports: 4_000_000 }])
    const before = httpCalls
    const res = await verifyPayment(local, expectDonation(sig, 4_000_000n))
    const wrongAmount = await verifyPayment(local, expectDonation(sig, 4_000_001n))
    expect(httpCalls - before).toBe(0)
    expect(res).toMatchObject({ ok: true, received: [{ to: campaign.toBase58(), lamports: 4_000_000n }] })
    expect(res).toEqual(await verifyPayment(rpc, expectDonation(sig, 4_000_000n)))
    expect(wrongAmount).toEqual(await verifyPayment(rpc, expectDonation(sig, 4_000_001n)))
    expect(wrongAmount).toMatchObject({ ok: false })
  })

  it('is unavailable (503), not a crash, when the ledger throws', async () => {
    const broken = createRpcClient(t.ledger.rpcUrl, {
      inProcess: () => Promise.reject(new Error('disk full')),
    })
    await expect(broken.call('getSlot')).rejects.toThrow(LedgerUnavailable)
  })
})
