// Bounded Action references (issue 34, N5 and N6): open references are capped in all and per signing wallet, old
// ones are deleted after the retention period, a payment that lands after its reference expired is still credited,
// and a QR panel's checkout says "received" only for its own donation. Runs on PGlite and on PostgreSQL
// (tests/pg/reference-limits.test.ts races the caps on real concurrent connections).
import { Keypair } from '@solana/web3.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutStatus } from '../../api-contract/actions'
import type { Emergency } from '../../api-contract/emergencies'
import { insertReference } from '../../server/modules/actions/action-references.repository'
import { actionReferences } from '../../server/modules/actions/action-references.table'
import { donationOf, eventually, requestDonation, rewritten, signAndSend } from '../helpers/actions'
import { fund, ledgerAppWithAdmin, type LedgerTestApp } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const LIMITS = { openMax: 6, openPerAccount: 2, keepMs: 7 * 86_400_000 }
const REFERENCE_LIFE_MS = 15 * 60_000

let t: LedgerTestApp
let emergency: Emergency
beforeAll(async () => {
  const { t: app, users } = await ledgerAppWithAdmin([0], {
    config: { actionReferences: LIMITS },
    deps: { referenceWatcher: { sweepMs: 250, lateFeedMs: 300 } },
  })
  t = app
  emergency = await createEmergency(t.app, users[0].bearer, { title: 'Bounded references' })
})
afterAll(() => t.close())

const newAccount = () => Keypair.generate().publicKey.toBase58()
const open = (account: string, query = 'amount=0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/actions/donate/${emergency.id}?${query}`,
    payload: { account },
  })
const checkoutStatus = async (checkout: string, query = '') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/actions/checkouts/${checkout}/${query}` })
  ).json<CheckoutStatus>()
const referenceRow = async (reference: string) =>
  (await t.db.select().from(actionReferences).where(eq(actionReferences.reference, reference)))[0]
/** Every open reference of the earlier tests expires (the caps count unexpired ones). */
const expireAll = () => t.clock.advance(REFERENCE_LIFE_MS + 1)

async function donor(sol = 1) {
  const keypair = Keypair.generate()
  await fund(t, keypair.publicKey, sol)
  return keypair
}

describe('open references are bounded', () => {
  it('refuses a wallet more unpaid references than its share with 429 and Retry-After until its first expires', async () => {
    const account = newAccount()
    expect((await open(account)).statusCode).toBe(200)
    t.clock.advance(60_000)
    expect((await open(account)).statusCode).toBe(200)
    const refused = await open(account)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(refused.json().message).toContain('This wallet has 2 donations waiting to be paid.')
    expect(Number(refused.headers['retry-after'])).toBe(14 * 60)
    expect((await open(newAccount())).statusCode).toBe(200)
    expireAll()
    expect((await open(account)).statusCode).toBe(200)
    expireAll()
  })

  it('refuses any new reference past the open cap with 503 and Retry-After, and opens again as they expire', async () => {
    for (let i = 0; i < LIMITS.openMax; i++) expect((await open(newAccount())).statusCode).toBe(200)
    const refused = await open(newAccount())
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({ code: 'service_unavailable' })
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60)
    expireAll()
    expect((await open(newAccount())).statusCode).toBe(200)
    expireAll()
  })
})

describe('expired and credited references', () => {
  it('credits a donation whose payment landed after its reference expired', async () => {
    const keypair = await donor()
    const { transaction, reference } = await requestDonation(
      t.app,
      emergency.id,
      keypair.publicKey,
      'amount=0.2',
    )
    expireAll()
    await eventually(async () =>
      (await referenceRow(reference.toBase58()))?.status === 'expired' ? true : undefined,
    )
    const signature = await signAndSend(t.ledger.connection, transaction, keypair)
    await eventually(
      async () => ((await referenceRow(reference.toBase58()))?.status === 'credited' ? true : undefined),
      20_000,
      'the late payment to be credited',
    )
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
    expect(detail.json<Emergency>().total_donated).toBe('0.2')
    expect(await referenceRow(reference.toBase58())).toMatchObject({ txHash: signature })
  })

  it('deletes expired and credited references once the retention period is over, and keeps younger ones', async () => {
    const now = t.clock().getTime()
    const row = (status: 'expired' | 'credited', expiredDaysAgo: number) => ({
      reference: newAccount(),
      emergencyId: emergency.id,
      payerWallet: newAccount(),
      recipientWallet: emergency.receiving_wallet,
      lamports: 10_000_000n,
      status,
      txHash: status === 'credited' ? `${newAccount()}${newAccount()}` : null,
      createdAt: new Date(now - expiredDaysAgo * 86_400_000 - REFERENCE_LIFE_MS),
      expiresAt: new Date(now - expiredDaysAgo * 86_400_000),
      nextCheckAt: new Date(now - expiredDaysAgo * 86_400_000),
    })
    const old = [row('expired', 8), row('credited', 8)]
    const young = row('expired', 6)
    await insertReference(t.db, [...old, young])
    t.clock.advance(10 * 60_000) // the next round deletes
    await eventually(async () => ((await referenceRow(old[0]!.reference)) ? undefined : true))
    expect(await referenceRow(old[1]!.reference)).toBeUndefined()
    expect(await referenceRow(young.reference)).toBeDefined()
  })
})

describe("a QR panel's checkout", () => {
  it("says received only for a payment of the panel's own amount and tip, not a stranger's 0.001 SOL", async () => {
    const checkout = 'panel_spoofed_0123456789'
    const stranger = await donor()
    const spoof = await requestDonation(
      t.app,
      emergency.id,
      stranger.publicKey,
      `amount=0.001&checkout=${checkout}`,
    )
    const spoofed = await signAndSend(t.ledger.connection, spoof.transaction, stranger)
    await eventually(async () =>
      (await referenceRow(spoof.reference.toBase58()))?.txHash ? true : undefined,
    )
    expect(await checkoutStatus(checkout, '?amount=0.5&tip=0.02')).toEqual({
      status: 'waiting',
      donation: null,
    })
    expect((await checkoutStatus(checkout, '?amount=0.001')).donation?.tx_hash).toBe(spoofed)
    // The stranger's payment does not close the checkout for the panel's own donation, which can still be paid;
    // once it is, the checkout takes no new reference of it (the panel shows a new QR code for another donation).
    expect((await open(newAccount(), `amount=0.5&tip=0.02&checkout=${checkout}`)).statusCode).toBe(200)
    expect(await checkoutStatus(checkout, '?amount=0.5&tip=0.02')).toEqual({
      status: 'opened',
      donation: null,
    })
    expireAll()
  })

  it("says received only for what reached the emergency: a reference opened for the panel's amount, paid 0.001 SOL, is not its donation", async () => {
    const checkout = 'panel_underpaid_0123456789'
    const stranger = await donor()
    const { transaction, reference } = await requestDonation(
      t.app,
      emergency.id,
      stranger.publicKey,
      `amount=0.5&tip=0.02&checkout=${checkout}`,
    )
    // The stranger's wallet rewrites the transaction: 0.001 SOL, the reference kept, no tip.
    const underpaid = rewritten(transaction, [donationOf(transaction, 1_000_000)])
    const signature = await signAndSend(t.ledger.connection, underpaid, stranger)
    await eventually(async () =>
      (await referenceRow(reference.toBase58()))?.txHash === signature ? true : undefined,
    )
    expect(await checkoutStatus(checkout, '?amount=0.5&tip=0.02')).toEqual({
      status: 'waiting',
      donation: null,
    })
    expect((await checkoutStatus(checkout, '?amount=0.001')).donation).toMatchObject({
      amount: '0.001',
      tip_amount: '0',
      tx_hash: signature,
    })
    expireAll()
  })

  it('keeps saying received however many unpaid references follow, and takes at most 5 unpaid ones', async () => {
    const checkout = 'panel_buried_0123456789'
    const query = `amount=0.3&tip=0.01&checkout=${checkout}`
    for (let i = 0; i < 5; i++) expect((await open(newAccount(), query)).statusCode).toBe(200)
    const sixth = await open(newAccount(), query)
    expect(sixth.statusCode).toBe(429)
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0)
    expireAll()

    const payer = await donor()
    const paid = await requestDonation(t.app, emergency.id, payer.publicKey, query)
    const signature = await signAndSend(t.ledger.connection, paid.transaction, payer)
    const panel = '?amount=0.3&tip=0.01'
    await eventually(async () =>
      (await checkoutStatus(checkout, panel)).status === 'received' ? true : undefined,
    )
    // 21 unpaid references newer than the payment (as a flood before the checkout was closed would leave).
    const now = t.clock().getTime()
    await insertReference(
      t.db,
      Array.from({ length: 21 }, (_, i) => ({
        reference: newAccount(),
        emergencyId: emergency.id,
        payerWallet: newAccount(),
        recipientWallet: emergency.receiving_wallet,
        lamports: 300_000_000n,
        tipLamports: 10_000_000n,
        checkout,
        createdAt: new Date(now + (i + 1) * 1000),
        expiresAt: new Date(now + REFERENCE_LIFE_MS),
        nextCheckAt: new Date(now + REFERENCE_LIFE_MS),
      })),
    )
    expect(await checkoutStatus(checkout, panel)).toEqual({
      status: 'received',
      donation: {
        currency: 'SOL',
        amount: '0.3',
        tip_amount: '0.01',
        tx_hash: signature,
        donor_wallet: payer.publicKey.toBase58(),
      },
    })
    const again = await open(newAccount(), query)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This QR code was paid already. Open the donation again for a new one.')
    expireAll()
  })
})
