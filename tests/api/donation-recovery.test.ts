// Recovering a donation by its signature (issue 31): a signed-in donor names a transaction their wallet signed, and
// the server records what it really moved to the emergency (and tipped the platform), in SOL or USDC, once. Every
// payment is a real transaction on the local ledger. Runs on PGlite (node project) and on PostgreSQL (pg project).
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { AlreadyRecorded, Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import type { Receipt } from '../../api-contract/receipts'
import { confirm, transferTx } from '../../ledger-sim/test-kit'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, payingUser, type PayingUser } from '../helpers/ledger'
import { fundUsdc, giveUsdc, usdc } from '../helpers/usdc'
import { formatSol, parseSol } from '../../server/lib/money'
import { createEmergency } from './emergencies-fixtures'

const SOL = BigInt(LAMPORTS_PER_SOL)
let t: LedgerTestApp
let donor: PayingUser
let stranger: PayingUser
let campaigner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [donor, stranger, campaigner],
  } = await ledgerAppWithAdmin([8, 2, 1]))
  emergency = await createEmergency(t.app, campaigner.bearer, {
    title: 'Roof after the storm',
    sol_goal: '40',
  })
})
afterAll(async () => {
  await t.close()
})

let ip = 0
const recover = (user: PayingUser | undefined, txHash: string, emergencyId = emergency.id) =>
  t.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/recover/',
    headers: user?.bearer ?? {},
    payload: { emergency_id: emergencyId, tx_hash: txHash },
    // Each recovery counts against the donation rate limit of its client address.
    remoteAddress: `10.31.${Math.floor(++ip / 250)}.${ip % 250}`,
  })
const detail = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })).json<Emergency>()
const platform = () => t.config.platformWallet

/** Nothing was credited: the emergency's totals are what they were. */
async function unchanged(before: Emergency) {
  expect(await detail()).toMatchObject({
    total_donated: before.total_donated,
    donation_count: before.donation_count,
  })
}

async function refused(user: PayingUser, txHash: string, reason: string, emergencyId?: number) {
  const before = await detail()
  const response = await recover(user, txHash, emergencyId)
  expect(response.statusCode).toBe(422)
  expect(response.json()).toMatchObject({ error: reason })
  await unchanged(before)
}

describe('POST /api/emergency/donate/recover/', () => {
  it('records a plain transfer to the emergency’s wallet for what it moved, in the donor’s history', async () => {
    const before = await detail()
    const signature = await pay(t, donor.keypair, [
      { to: emergency.receiving_wallet, lamports: 123_456_789n },
    ])
    const response = await recover(donor, signature)
    expect(response.statusCode).toBe(201)
    expect(response.json<Donation>()).toMatchObject({
      amount: '0.123456789',
      tip_amount: '0',
      tip_included: false,
      comment: null,
      emergency_id: emergency.id,
      tx_hash: signature,
      donor_wallet: donor.address,
      donor_registered: true,
    })
    expect(await detail()).toMatchObject({
      total_donated: '0.123456789',
      donation_count: before.donation_count + 1,
    })
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/emergency/my-donations/',
      headers: donor.bearer,
    })
    expect(mine.json<Page<Donation>>().results.map((d) => d.tx_hash)).toContain(signature)
  })

  it('records an over-payment and its tip for what really moved, which the claim of the app could not', async () => {
    const signature = await pay(t, donor.keypair, [
      { to: emergency.receiving_wallet, lamports: SOL / 2n + 7n },
      { to: platform(), lamports: 25_000_000n },
    ])
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id, amount: '0.5', tip_amount: '0.025', tx_hash: signature },
    })
    expect(claimed.json()).toMatchObject({ error: 'wrong amount' })
    const response = await recover(donor, signature)
    expect(response.statusCode).toBe(201)
    expect(response.json<Donation>()).toMatchObject({
      amount: '0.500000007',
      tip_amount: '0.025',
      tip_included: true,
    })
  })

  it('answers 409 with the donation for a signature already recorded, by a recovery or by the app', async () => {
    const signature = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    const first = await recover(donor, signature)
    expect(first.statusCode).toBe(201)
    const before = await detail()
    const second = await recover(donor, signature)
    expect(second.statusCode).toBe(409)
    expect(second.json<AlreadyRecorded>()).toEqual({
      error: 'already been processed',
      detail: 'This signature is already recorded as a donation.',
      code: 'donation_already_recorded',
      donation: first.json<Donation>(),
    })
    await unchanged(before)

    const posted = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 20_000_000n }])
    const byApp = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id, amount: '0.02', tx_hash: posted },
    })
    expect(byApp.statusCode).toBe(201)
    const again = await recover(donor, posted)
    expect(again.statusCode).toBe(409)
    expect(again.json<AlreadyRecorded>().donation).toEqual(byApp.json())
  })

  it('credits once when 50 recoveries of one signature arrive together', async () => {
    const signature = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 30_000_000n }])
    const before = await detail()
    const answers = await Promise.all(Array.from({ length: 50 }, () => recover(donor, signature)))
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([201, ...Array<number>(49).fill(409)])
    const created = answers.find((a) => a.statusCode === 201)!.json<Donation>()
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json<AlreadyRecorded>().donation).toEqual(created)
    expect(await detail()).toMatchObject({
      total_donated: formatSol(parseSol(before.total_donated) + 30_000_000n),
      donation_count: before.donation_count + 1,
    })
  })

  it('refuses someone else’s signature: the caller’s wallet did not sign it', async () => {
    const signature = await pay(t, stranger.keypair, [
      { to: emergency.receiving_wallet, lamports: 10_000_000n },
    ])
    await refused(donor, signature, 'not signed by your wallet')
  })

  it('refuses a transaction that failed on-chain', async () => {
    const poor = await payingUser(t, 1)
    const tx = await transferTx(t.ledger.connection, poor.keypair, [
      { to: new PublicKey(emergency.receiving_wallet), lamports: 5n * SOL },
    ])
    const signature = await t.ledger.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    await confirm(t.ledger.connection, signature).catch(() => undefined)
    await refused(poor, signature, 'transaction failed')
  })

  it('refuses a transfer to another wallet, another emergency’s included', async () => {
    const elsewhere = await pay(t, donor.keypair, [
      { to: Keypair.generate().publicKey, lamports: 10_000_000n },
    ])
    await refused(donor, elsewhere, 'wrong recipient')
    const other = await createEmergency(t.app, campaigner.bearer, { title: 'Another appeal' })
    const toOther = await pay(t, donor.keypair, [{ to: other.receiving_wallet, lamports: 10_000_000n }])
    await refused(donor, toOther, 'wrong recipient')
    // Only the tip reached anyone of ours: no donation either.
    const tipOnly = await pay(t, donor.keypair, [{ to: platform(), lamports: 10_000_000n }])
    await refused(donor, tipOnly, 'wrong recipient')
  })

  it('refuses a transfer below the minimum donation, an unknown signature and a boost’s signature', async () => {
    const dust = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 999_999n }])
    const before = await detail()
    const small = await recover(donor, dust)
    expect(small.statusCode).toBe(422)
    expect(small.json()).toMatchObject({
      code: 'invalid_amount',
      error: 'The minimum donation is 0.001 SOL.',
    })
    await unchanged(before)

    await refused(donor, '5'.repeat(88), 'not found on-chain')

    const mine = await createEmergency(t.app, donor.bearer, { title: 'Boosted appeal' })
    const boost = await pay(t, donor.keypair, [{ to: platform(), lamports: SOL / 10n }])
    const boosted = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/boost/',
      headers: donor.bearer,
      payload: { emergency_id: mine.id, tx_hash: boost },
    })
    expect(boosted.statusCode).toBe(200)
    await refused(donor, boost, 'already been processed', mine.id)
  })

  it('recovers a USDC gift for what it moved, with its receipt and its row in the donor’s CSV', async () => {
    await fundUsdc(t, donor.keypair.publicKey, 50)
    const signature = await giveUsdc(t, donor.keypair, {
      recipient: emergency.receiving_wallet,
      amount: usdc('12.5'),
      tip: usdc('0.5'),
      openRecipientAccount: true,
    })
    const response = await recover(donor, signature)
    expect(response.statusCode).toBe(201)
    expect(response.json<Donation>()).toMatchObject({ currency: 'USDC', amount: '12.5', tip_amount: '0.5' })
    const receipt = await t.app.inject({ method: 'GET', url: `/api/receipts/${signature}/` })
    expect(receipt.json<Receipt>()).toMatchObject({ currency: 'USDC', amount: '12.5', tip_amount: '0.5' })
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/emergency/my-donations.csv',
      headers: donor.bearer,
    })
    const row = (parse(csv.body, { bom: true, columns: true }) as Record<string, string>[]).find(
      (r) => r.tx_hash === signature,
    )
    expect(row).toMatchObject({ amount_sol: '', tip_sol: '', amount_usdc: '12.5', tip_usdc: '0.5' })
  })

  it('answers 401 signed out, 404 for an unknown emergency, 400 for a malformed body', async () => {
    const signature = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    expect((await recover(undefined, signature)).statusCode).toBe(401)
    expect((await recover(donor, signature, 987_654)).statusCode).toBe(404)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/recover/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id },
    })
    expect(bad.statusCode).toBe(400)
  })
})
