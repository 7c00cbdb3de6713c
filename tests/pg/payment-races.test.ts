// Races only real concurrent connections show (PGlite serialises everything): issue 11's finding 6 (the receiving
// wallet lock checked outside the transaction) and exactly-once crediting of one signature submitted 200 times.
import { Keypair } from '@solana/web3.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { rowsOf } from '../../server/db/client'
import { insertDonationCrediting } from '../../server/modules/donations/donations.repository'
import { recordPayment } from '../../server/modules/payments/payments.service'
import { createEmergency } from '../api/emergencies-fixtures'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { fundUsdc, giveUsdc, usdc } from '../helpers/usdc'

let t: LedgerTestApp
let donor: PayingUser
let owner: PayingUser
beforeAll(async () => {
  ;({
    t,
    users: [donor, owner],
  } = await ledgerAppWithAdmin([5, 1]))
})
afterAll(() => t.close())

const moveWallet = (e: Emergency) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/emergency/update/${e.id}/`,
    headers: owner.bearer,
    payload: { receiving_wallet: Keypair.generate().publicKey.toBase58() },
  })
const donate = (e: Emergency, txHash: string, amount = '0.01') =>
  t.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/',
    headers: donor.bearer,
    payload: { emergency_id: e.id, amount, tx_hash: txHash },
    remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
  })
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf(await t.db.execute(query))[0] as T

/** Polls until some connection waits for a row lock (the edit reached its SELECT … FOR UPDATE). */
async function someoneWaitsForALock() {
  for (const started = Date.now(); Date.now() - started < 20_000;) {
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
    )
    if (n > 0) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('no connection ever waited for the row lock')
}

describe('the receiving-wallet lock on PostgreSQL', () => {
  it('refuses a wallet change that started before, and waited for, a first donation being recorded', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    let opened!: () => void
    let inside!: () => void
    const gate = new Promise<void>((r) => (opened = r))
    const credited = new Promise<void>((r) => (inside = r))
    // A donation's recording transaction, held open right after it credited the emergency.
    const recording = recordPayment(
      t.db,
      {
        txHash: `race-${e.id}`,
        kind: 'donation',
        payerWallet: donor.address,
        recipientWallet: e.receiving_wallet,
        reference: String(e.id),
        lamports: 10_000_000n,
        cluster: 'local',
        slot: 1,
      },
      async (tx, payment) => {
        await insertDonationCrediting(tx, {
          paymentId: payment.id,
          txHash: payment.txHash,
          emergencyId: e.id,
          donorId: null,
          donorWallet: donor.address,
          currency: 'SOL',
          amount: 10_000_000n,
          tipAmount: 0n,
          comment: null,
        })
        inside()
        await gate
      },
    )
    await credited
    // The edit reads the emergency (no donation visible yet), then waits for the row lock.
    const change = moveWallet(e)
    await someoneWaitsForALock()
    opened()
    await recording
    const answer = await change
    expect(answer.statusCode, answer.body).toBe(409)
    expect(answer.json()).toMatchObject({ code: 'receiving_wallet_locked' })
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${e.id}/` })
    expect(detail.json<Emergency>().receiving_wallet).toBe(e.receiving_wallet)
  })

  it('sent together 15 times, a first donation and a wallet change end consistently every time', async () => {
    for (let run = 0; run < 15; run++) {
      const e = await createEmergency(t.app, owner.bearer)
      const sig = await pay(t, donor.keypair, [{ to: e.receiving_wallet, lamports: 10_000_000n }])
      const [donation, change] = await Promise.all([donate(e, sig), moveWallet(e)])
      // The donation paid the wallet the page showed when it was confirmed: it is always recorded.
      expect(donation.statusCode, donation.body).toBe(201)
      const after = await one<{ wallet: string; count: number; total: string; changes: number }>(sql`
        select e.receiving_wallet as wallet, e.donation_count as count, e.total_donated::text as total,
          (select count(*)::int from emergency_wallets w where w.emergency_id = e.id) - 1 as changes
        from emergencies e where e.id = ${e.id}`)
      expect([after.count, after.total]).toEqual([1, '10000000'])
      if (change.statusCode === 200) {
        // The change committed first: it is in the history, and the donation is credited to the wallet it paid.
        expect(after.changes).toBe(1)
        expect(after.wallet).not.toBe(e.receiving_wallet)
      } else {
        expect(change.statusCode, change.body).toBe(409)
        expect([after.changes, after.wallet]).toEqual([0, e.receiving_wallet])
      }
      const paid = await one<{ recipient: string }>(
        sql`select recipient_wallet as recipient from payments where tx_hash = ${sig}`,
      )
      expect(paid.recipient).toBe(e.receiving_wallet)
    }
  })
})

describe('one signature submitted 200 times at once on PostgreSQL', () => {
  it('credits exactly once; every other answer is 422 already been processed', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const sig = await pay(t, donor.keypair, [{ to: e.receiving_wallet, lamports: 250_000_000n }])
    const answers = await Promise.all(Array.from({ length: 200 }, () => donate(e, sig, '0.25')))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 422)).toHaveLength(199)
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json()).toMatchObject({ error: 'already been processed' })
    const after = await one<{ count: number; total: string; rows: number }>(sql`
      select donation_count as count, total_donated::text as total,
        (select count(*)::int from payments where tx_hash = ${sig}) as rows
      from emergencies where id = ${e.id}`)
    expect(after).toEqual({ count: 1, total: '250000000', rows: 1 })
  })

  it('credits a USDC signature submitted 50 times at once exactly once', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    await fundUsdc(t, donor.keypair.publicKey, 20)
    const sig = await giveUsdc(t, donor.keypair, {
      recipient: e.receiving_wallet,
      amount: usdc('7.5'),
      tip: usdc('0.38'),
      openRecipientAccount: true,
    })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/emergency/donate/',
          headers: donor.bearer,
          payload: { emergency_id: e.id, currency: 'USDC', amount: '7.5', tip_amount: '0.38', tx_hash: sig },
          remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.2`,
        }),
      ),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 422)).toHaveLength(49)
    const after = await one<{ count: number; usdc: string; sol: string; rows: number; currency: string }>(sql`
      select donation_count as count, usdc_donated::text as usdc, total_donated::text as sol,
        (select count(*)::int from payments where tx_hash = ${sig}) as rows,
        (select currency from payments where tx_hash = ${sig}) as currency
      from emergencies where id = ${e.id}`)
    expect(after).toEqual({ count: 1, usdc: '7500000', sol: '0', rows: 1, currency: 'USDC' })
  })
})
