import { Keypair } from '@solana/web3.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirm, startTestLedger, transferTx, type TestLedger } from '../../../ledger-sim/test-kit'
import { createTestDatabase } from '../../../tests/helpers/database'
import type { Database, Db } from '../../db/client'
import { createRpcClient } from '../../chain/rpc-client'
import {
  acceptPayment,
  PaymentAlreadyProcessedError,
  recordPayment,
  type PaymentDeps,
} from './payments.service'
import type { NewPayment } from './payments.table'

let database: Database
let db: Db
let ledger: TestLedger
let deps: PaymentDeps
beforeAll(async () => {
  ;[database, ledger] = await Promise.all([createTestDatabase(), startTestLedger()])
  db = database.db
  deps = {
    db,
    rpc: createRpcClient(ledger.ledger.rpcUrl),
    cluster: 'local',
    onRecorded: async () => {},
    verify: { retryDelaysMs: [50, 100] },
  }
  await db.execute(
    sql`create table test_totals (reference text primary key, total bigint not null default 0)`,
  )
})
afterAll(async () => {
  await Promise.all([database.close(), ledger.close()])
})

/** Sends one transaction of transfers signed by `from` and waits for it; its signature. */
async function sendTransfer(from: Keypair, legs: Parameters<typeof transferTx>[2]): Promise<string> {
  const tx = await transferTx(ledger.connection, from, legs)
  const sig = await ledger.connection.sendRawTransaction(tx.serialize())
  await confirm(ledger.connection, sig)
  return sig
}

let n = 0
const payment = (over: Partial<NewPayment> = {}): NewPayment => ({
  txHash: `sig-${++n}-${Math.random().toString(36).slice(2)}`,
  kind: 'donation',
  payerWallet: 'payer',
  recipientWallet: 'campaign',
  reference: `emergency-${n}`,
  lamports: 1_000_000n,
  tipLamports: 0n,
  cluster: 'local',
  slot: 10,
  ...over,
})
const creditTotal = (reference: string) => async (tx: Db, p: { lamports: bigint }) => {
  await tx.execute(sql`insert into test_totals (reference, total) values (${reference}, ${p.lamports})
    on conflict (reference) do update set total = test_totals.total + excluded.total`)
}
const total = async (reference: string) =>
  BigInt(
    (
      (await db.execute(sql`select total from test_totals where reference = ${reference}`)) as unknown as {
        rows: { total: string }[]
      }
    ).rows[0]?.total ?? 0,
  )

describe('recordPayment', () => {
  it('credits a payment once when the same signature is recorded twice', async () => {
    const p = payment()
    const row = await recordPayment(db, p, creditTotal(p.reference!))
    expect(row).toMatchObject({ txHash: p.txHash, lamports: 1_000_000n, kind: 'donation' })
    const again = recordPayment(db, p, creditTotal(p.reference!))
    await expect(again).rejects.toThrow(PaymentAlreadyProcessedError)
    await expect(again).rejects.toMatchObject({
      status: 422,
      message: 'already been processed',
      existing: { id: row.id },
    })
    expect(await total(p.reference!)).toBe(1_000_000n)
  })

  it("refuses a donation's signature reused as a listing fee", async () => {
    const p = payment()
    await recordPayment(db, p, creditTotal(p.reference!))
    const reuse = { ...p, kind: 'listing_fee' as const, reference: 'campaign-9', lamports: 500_000_000n }
    await expect(recordPayment(db, reuse, creditTotal('campaign-9'))).rejects.toThrow(
      'already been processed',
    )
    expect(await total('campaign-9')).toBe(0n)
  })

  it('keeps neither payment nor credit when the credit fails, so the signature can be submitted again', async () => {
    const p = payment()
    const failing = async () => {
      throw new Error('emergency deleted meanwhile')
    }
    await expect(recordPayment(db, p, failing)).rejects.toThrow('emergency deleted meanwhile')
    await recordPayment(db, p, creditTotal(p.reference!))
    expect(await total(p.reference!)).toBe(1_000_000n)
  })

  it('credits once among concurrent recordings of one signature', async () => {
    const p = payment()
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => recordPayment(db, p, creditTotal(p.reference!))),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(
      results.filter((r) => r.status === 'rejected' && r.reason instanceof PaymentAlreadyProcessedError),
    ).toHaveLength(19)
    expect(await total(p.reference!)).toBe(1_000_000n)
  })

  it('stores a donation and its tip as one row', async () => {
    const p = payment({ tipLamports: 20_000n })
    const row = await recordPayment(db, p, creditTotal(p.reference!))
    expect(row).toMatchObject({ lamports: 1_000_000n, tipLamports: 20_000n })
  })
})

describe('acceptPayment', () => {
  const campaign = Keypair.generate().publicKey
  const platform = Keypair.generate().publicKey

  it('records a verified donation with its tip and the slot it landed in', async () => {
    const donor = await ledger.funded(2)
    const sig = await sendTransfer(donor, [
      { to: campaign, lamports: 50_000_000 },
      { to: platform, lamports: 1_000_000 },
    ])
    const claim = {
      txHash: sig,
      kind: 'donation' as const,
      payerWallet: donor.publicKey.toBase58(),
      reference: 'e-1',
      recipientWallet: campaign.toBase58(),
      lamports: 50_000_000n,
      tip: { to: platform.toBase58(), lamports: 1_000_000n },
    }
    const row = await acceptPayment(deps, claim, creditTotal('e-1'))
    expect(row).toMatchObject({
      txHash: sig,
      lamports: 50_000_000n,
      tipLamports: 1_000_000n,
      cluster: 'local',
    })
    expect(row.slot).toBeGreaterThan(0)
    expect(row.blockTime).toBeInstanceOf(Date)
    await expect(acceptPayment(deps, claim, creditTotal('e-1'))).rejects.toThrow('already been processed')
    await expect(
      acceptPayment(deps, { ...claim, kind: 'boost', reference: 'e-2', tip: undefined }, creditTotal('e-2')),
    ).rejects.toThrow('already been processed')
    expect(await total('e-1')).toBe(50_000_000n)
  })

  it('answers 422 with the reason and writes nothing when the chain does not prove the claim', async () => {
    const donor = await ledger.funded(1)
    const sig = await sendTransfer(donor, [{ to: campaign, lamports: 10_000_000 }])
    const claim = {
      txHash: sig,
      kind: 'donation' as const,
      payerWallet: donor.publicKey.toBase58(),
      reference: 'e-3',
      recipientWallet: campaign.toBase58(),
      lamports: 20_000_000n,
    }
    await expect(acceptPayment(deps, claim, creditTotal('e-3'))).rejects.toMatchObject({
      status: 422,
      message: 'wrong amount',
      code: 'payment_not_verified',
    })
    expect(await total('e-3')).toBe(0n)
    // the honest claim for the same signature still goes through afterwards
    await acceptPayment(deps, { ...claim, lamports: 10_000_000n }, creditTotal('e-3'))
    expect(await total('e-3')).toBe(10_000_000n)
  })

  it('answers 503 when the ledger cannot be reached', async () => {
    const down = { ...deps, rpc: createRpcClient('http://127.0.0.1:1') }
    const claim = {
      txHash: '1'.repeat(64),
      kind: 'boost' as const,
      payerWallet: 'x',
      recipientWallet: 'y',
      lamports: 1n,
    }
    await expect(acceptPayment(down, claim, creditTotal('none'))).rejects.toMatchObject({ status: 503 })
  })
})
