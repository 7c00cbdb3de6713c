// Donations end to end: every payment a real transaction on the local ledger, signed by the signed-in user's
// wallet, verified by the server before anything is recorded.
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { confirm, transferTx } from '../../ledger-sim/test-kit'
import { parseSol } from '../../server/lib/money'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, payingUser, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const SOL = BigInt(LAMPORTS_PER_SOL)
let t: LedgerTestApp
let donor: PayingUser
let campaigner: PayingUser
let admin: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [donor, campaigner],
  } = await ledgerAppWithAdmin([5, 1]))
  emergency = await createEmergency(t.app, campaigner.bearer, {
    title: 'Hospital bills for Ana',
    sol_goal: '50',
  })
})
afterAll(async () => {
  await t.close()
})

const donate = (user: PayingUser, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/emergency/donate/', headers: user.bearer, payload: body })
const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url, headers })
  return { status: response.statusCode, body: response.json<T>() }
}
const detail = async (id = emergency.id) => (await get<Emergency>(`/api/emergency/detail/${id}/`)).body
const platform = () => t.config.platformWallet
const donationsRows = async () =>
  (await get<Page<Donation>>('/api/emergency/public-donations/?page_size=100')).body.count

describe('POST /api/emergency/donate/: a verified donation', () => {
  let sig: string
  it('records a donation with its tip, crediting the totals exactly once', async () => {
    const before = await detail()
    sig = await pay(t, donor.keypair, [
      { to: emergency.receiving_wallet, lamports: SOL / 4n },
      { to: platform(), lamports: 12_500_000n },
    ])
    const response = await donate(donor, {
      emergency_id: emergency.id,
      amount: '0.25',
      tx_hash: sig,
      tip_amount: 0.0125,
      tip_included: true,
      comment: '  Get well soon  ',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      currency: 'SOL',
      amount: '0.25',
      tip_amount: '0.0125',
      tip_included: true,
      comment: 'Get well soon',
      emergency_title: 'Hospital bills for Ana',
      emergency_id: emergency.id,
      tx_hash: sig,
      donor_wallet: donor.address,
    })
    expect(await detail()).toMatchObject({ total_donated: '0.25', donation_count: before.donation_count + 1 })

    const again = await donate(donor, {
      emergency_id: emergency.id,
      amount: '0.25',
      tx_hash: sig,
      tip_amount: '0.0125',
    })
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ error: 'already been processed', code: 'payment_already_processed' })
    expect(await detail()).toMatchObject({ total_donated: '0.25', donation_count: before.donation_count + 1 })
  })

  it('shows the donation in the public feed, its search, the emergency and the donor dashboard', async () => {
    const feed = await get<Page<Donation>>('/api/emergency/public-donations/')
    expect(feed.body.results[0]).toMatchObject({ tx_hash: sig, amount: '0.25' })
    for (const search of ['hospital BILLS', '0.25', sig.slice(0, 10)]) {
      const found = await get<Page<Donation>>(
        `/api/emergency/public-donations/?search=${encodeURIComponent(search)}`,
      )
      expect(
        found.body.results.map((d) => d.tx_hash),
        search,
      ).toContain(sig)
    }
    const miss = await get<Page<Donation>>('/api/emergency/public-donations/?search=0.2500001')
    expect(miss.body.results.map((d) => d.tx_hash)).not.toContain(sig)

    const ofEmergency = await get<Page<Donation>>(`/api/emergency/${emergency.id}/donations/?page=1`)
    expect(ofEmergency.body.results.map((d) => d.tx_hash)).toEqual([sig])
    const mine = await get<Page<Donation>>('/api/emergency/my-donations/', donor.bearer)
    expect(mine.body.results.map((d) => d.tx_hash)).toContain(sig)
    const stats = await get('/api/emergency/user-donations/', donor.bearer)
    expect(stats.body).toEqual({
      total_donated: '0.25',
      total_tips: '0.0125',
      usdc_donated: '0',
      usdc_tips: '0',
    })
    expect((await get('/api/emergency/my-totals/', campaigner.bearer)).body).toEqual({
      emergency_count: 1,
      total_raised: '0.25',
      usdc_raised: '0',
      donation_count: 1,
      donor_count: 1,
    })
    expect((await get('/api/emergency/my-totals/', donor.bearer)).body).toMatchObject({
      emergency_count: 0,
      total_raised: '0',
      donation_count: 0,
    })
    const tips = await get<{ results: unknown[] }>('/api/emergency/my-latest-tips/', donor.bearer)
    expect(tips.body.results).toEqual([
      {
        id: expect.any(Number),
        amount: '0.0125',
        currency: 'SOL',
        emergency_title: 'Hospital bills for Ana',
        tx_hash: sig,
      },
    ])
    expect((await get('/api/emergency/tips/', admin.bearer)).body).toEqual({
      total_tips: '0.0125',
      usdc_tips: '0',
    })
    expect((await get('/api/emergency/tips/', donor.bearer)).status).toBe(403)
  })

  it('credits once when the same signature is submitted concurrently', async () => {
    const s = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    const before = await detail()
    const answers = await Promise.all(
      [1, 2, 3].map(() => donate(donor, { emergency_id: emergency.id, amount: '0.01', tx_hash: s })),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422])
    const after = await detail()
    expect(after.donation_count).toBe(before.donation_count + 1)
    expect(parseSol(after.total_donated) - parseSol(before.total_donated)).toBe(10_000_000n)
  })

  it("adds the legs up when the emergency's receiving wallet is the platform wallet", async () => {
    const own = await createEmergency(t.app, campaigner.bearer, { receiving_wallet: platform() })
    const s = await pay(t, donor.keypair, [
      { to: platform(), lamports: 20_000_000n },
      { to: platform(), lamports: 1_000_000n },
    ])
    const response = await donate(donor, {
      emergency_id: own.id,
      amount: '0.02',
      tip_amount: '0.001',
      tx_hash: s,
    })
    expect(response.statusCode).toBe(201)
    expect(await detail(own.id)).toMatchObject({ total_donated: '0.02', donation_count: 1 })
  })
})

describe('POST /api/emergency/donate/: what the chain does not prove is refused with 422 and nothing written', () => {
  /** The spec's text as `error`, and why as a code (`reason`) that screens branch on. */
  const REASONS: Record<string, string> = {
    'wrong recipient': 'wrong_recipient',
    'wrong amount': 'wrong_amount',
    'not signed by your wallet': 'not_signed_by_payer',
    'not found on-chain': 'not_found_on_chain',
    'transaction failed': 'transaction_failed',
  }
  async function refused(body: Record<string, unknown>, text: string, user = donor) {
    const [before, rows] = [await detail(), await donationsRows()]
    const response = await donate(user, { emergency_id: emergency.id, ...body })
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json()).toMatchObject({
      error: text,
      code: 'payment_not_verified',
      reason: REASONS[text],
    })
    expect(await detail()).toMatchObject({
      total_donated: before.total_donated,
      donation_count: before.donation_count,
    })
    expect(await donationsRows()).toBe(rows)
  }

  it('refuses a transfer paid to another wallet than the emergency’s', async () => {
    const s = await pay(t, donor.keypair, [{ to: Keypair.generate().publicKey, lamports: 10_000_000n }])
    await refused({ amount: '0.01', tx_hash: s }, 'wrong recipient')
  })

  it('refuses a transfer one lamport short of the claimed amount', async () => {
    const s = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 9_999_999n }])
    await refused({ amount: '0.01', tx_hash: s }, 'wrong amount')
  })

  it('refuses a claimed tip that the transaction does not carry', async () => {
    const s = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    await refused({ amount: '0.01', tip_amount: '0.0005', tip_included: true, tx_hash: s }, 'wrong amount')
  })

  it('refuses a transaction signed by another wallet than the signed-in user’s', async () => {
    const s = await pay(t, campaigner.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    await refused({ amount: '0.01', tx_hash: s }, 'not signed by your wallet')
  })

  it('refuses an unknown signature', async () => {
    const unknown = (
      await transferTx(t.ledger.connection, donor.keypair, [
        { to: Keypair.generate().publicKey, lamports: 1 },
      ])
    ).signatures[0]!.signature!
    await refused({ amount: '0.01', tx_hash: bs58.encode(unknown) }, 'not found on-chain')
  })

  it('refuses a transaction that failed on-chain', async () => {
    const poor = await payingUser(t, 1)
    const tx = await transferTx(t.ledger.connection, poor.keypair, [
      { to: new PublicKey(emergency.receiving_wallet), lamports: 5n * SOL },
    ])
    const s = await t.ledger.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    await confirm(t.ledger.connection, s).catch(() => undefined)
    await refused({ amount: '5', tx_hash: s }, 'transaction failed', poor)
  })

  it("refuses a donation's signature replayed as a boost", async () => {
    const s = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    expect((await donate(donor, { emergency_id: emergency.id, amount: '0.01', tx_hash: s })).statusCode).toBe(
      201,
    )
    const mine = await createEmergency(t.app, donor.bearer)
    const boost = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/boost/',
      headers: donor.bearer,
      payload: { emergency_id: mine.id, tx_hash: s },
    })
    expect(boost.statusCode).toBe(422)
    expect(boost.json()).toMatchObject({ error: 'already been processed' })
    expect(await detail(mine.id)).toMatchObject({ is_featured: false, boost_expires_at: null })
  })
})

describe('POST /api/emergency/donate/: bad requests', () => {
  const sig = '5'.repeat(88)
  it("asks for the amount with 'Please enter donation amount.'", async () => {
    for (const amount of [undefined, '']) {
      const response = await donate(donor, { emergency_id: emergency.id, amount, tx_hash: sig })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'Please enter donation amount.' })
    }
  })

  it('refuses amounts below 0.001 SOL, negative tips and over-long comments', async () => {
    const cases = [
      { amount: '0.0009' },
      { amount: '-1' },
      { amount: '0.01', tip_amount: '-0.1' },
      { amount: '0.01', comment: 'x'.repeat(501) },
      { amount: '0.01', tip_amount: '0.1', tip_included: false },
    ]
    for (const body of cases) {
      const response = await donate(donor, { emergency_id: emergency.id, tx_hash: sig, ...body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it("answers 404 'Emergency not found.' and 401 without a token", async () => {
    const missing = await donate(donor, { emergency_id: 987654, amount: '0.01', tx_hash: sig })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error: 'Emergency not found.' })
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      payload: { emergency_id: emergency.id, amount: '0.01', tx_hash: sig },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('donations to hidden emergencies', () => {
  it('keeps a deleted emergency’s donations in the donor history and the public feed', async () => {
    const e = await createEmergency(t.app, campaigner.bearer, { title: 'Deleted later' })
    const s = await pay(t, donor.keypair, [{ to: e.receiving_wallet, lamports: 10_000_000n }])
    expect((await donate(donor, { emergency_id: e.id, amount: '0.01', tx_hash: s })).statusCode).toBe(201)
    await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${e.id}/`,
      headers: campaigner.bearer,
    })
    const feed = await get<Page<Donation>>(`/api/emergency/public-donations/?search=${s}`)
    expect(feed.body.results).toMatchObject([{ tx_hash: s, emergency_title: 'Deleted later' }])
    const mine = await get<Page<Donation>>('/api/emergency/my-donations/?page_size=100', donor.bearer)
    expect(mine.body.results.map((d) => d.tx_hash)).toContain(s)
    expect((await get(`/api/emergency/${e.id}/donations/`)).status).toBe(404)
  })
})

describe('PATCH /api/emergency/update/{id}/ after donations', () => {
  it('refuses to change the receiving wallet once donations were received (409), but edits the rest', async () => {
    // The detail says so beforehand, so the edit form shows the wallet read-only.
    expect(await detail()).toMatchObject({
      donation_count: expect.any(Number),
      receiving_wallet_locked: true,
    })
    const fresh = await createEmergency(t.app, campaigner.bearer)
    expect(fresh).toMatchObject({ donation_count: 0, receiving_wallet_locked: false })
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${emergency.id}/`,
      headers: campaigner.bearer,
      payload: { receiving_wallet: Keypair.generate().publicKey.toBase58() },
    })
    expect(moved.statusCode).toBe(409)
    expect(moved.json()).toMatchObject({ code: 'receiving_wallet_locked' })
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${emergency.id}/`,
      headers: campaigner.bearer,
      payload: { description: 'Still raising', receiving_wallet: emergency.receiving_wallet },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({
      description: 'Still raising',
      receiving_wallet: emergency.receiving_wallet,
    })
  })
})

describe("GET /api/emergency/my-totals/: a campaigner's headline", () => {
  it('sums what their emergencies raised, their donations and their distinct donors', async () => {
    const organiser = await payingUser(t, 0)
    const empty = await get('/api/emergency/my-totals/', organiser.bearer)
    expect(empty.body).toEqual({
      emergency_count: 0,
      total_raised: '0',
      usdc_raised: '0',
      donation_count: 0,
      donor_count: 0,
    })

    const [first, second, gone] = [
      await createEmergency(t.app, organiser.bearer, { title: 'Well pump' }),
      await createEmergency(t.app, organiser.bearer, { title: 'Seeds' }),
      await createEmergency(t.app, organiser.bearer, { title: 'Withdrawn' }),
    ]
    const give = async (user: PayingUser, to: Emergency, lamports: bigint) => {
      const tx_hash = await pay(t, user.keypair, [{ to: to.receiving_wallet, lamports }])
      const amount = String(Number(lamports) / LAMPORTS_PER_SOL)
      expect((await donate(user, { emergency_id: to.id, amount, tx_hash })).statusCode).toBe(201)
    }
    await give(donor, first, 10_000_000n)
    await give(donor, first, 20_000_000n)
    await give(donor, second, 30_000_000n)
    await give(campaigner, second, 40_000_000n)
    await give(campaigner, gone, 50_000_000n)
    await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${gone.id}/`,
      headers: organiser.bearer,
    })

    const totals = await get('/api/emergency/my-totals/', organiser.bearer)
    expect(totals.body).toEqual({
      emergency_count: 2,
      total_raised: '0.1',
      usdc_raised: '0',
      donation_count: 4,
      donor_count: 2,
    })
    expect((await get('/api/emergency/my-totals/')).status).toBe(401)
  })
})
