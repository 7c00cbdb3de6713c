// Donating USDC: real token transactions on the test ledger, verified by the same verifier and payments table as
// SOL. Runs on PGlite (node project) and on PostgreSQL (pg project).
import { Keypair, PublicKey } from '@solana/web3.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Badge } from '../../api-contract/badges'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { associatedTokenAddress, USDC_DECIMALS, transferChecked } from '../../api-contract/usdc-gift'
import { createMint } from '../../ledger-sim/test-kit'
import { TOKEN_2022_PROGRAM } from '../../ledger-sim/token-accounts'
import {
  associatedTokenAccount,
  createAssociatedIdempotent,
  mintToChecked,
  transferChecked as anyTokenTransfer,
} from '../../ledger-sim/token-faucet'
import { rowsOf } from '../../server/db/client'
import type { LiveDonation } from '../../api-contract/live'
import { listening, openEventStream } from '../helpers/event-stream'
import { createEmergency } from './emergencies-fixtures'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { fundUsdc, giveUsdc, send, usdc, usdcBalance, usdcMintOf } from '../helpers/usdc'

let t: LedgerTestApp
let donor: PayingUser
let owner: PayingUser
let admin: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [donor, owner],
  } = await ledgerAppWithAdmin([3, 2]))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Insulin for the Moreno family' })
  await fundUsdc(t, donor.keypair.publicKey, 500)
})
afterAll(() => t.close())

const donate = (who: PayingUser, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/emergency/donate/', headers: who.bearer, payload: body })
const usdcGift = (txHash: string, amount: string, over: Record<string, unknown> = {}) =>
  donate(donor, { emergency_id: emergency.id, currency: 'USDC', amount, tx_hash: txHash, ...over })
const get = async <T>(url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).json<T>()
const detail = (id = emergency.id) => get<Emergency>(`/api/emergency/detail/${id}/`)
const paymentRows = async (txHash: string) =>
  Number(
    (
      rowsOf(
        await t.db.execute(sql`select count(*)::int as n from payments where tx_hash = ${txHash}`),
      )[0] as {
        n: number
      }
    ).n,
  )

describe('GET /api/config/ and the local faucet', () => {
  it("names the ledger's test USDC mint and its 6 decimals", async () => {
    expect(await get('/api/config/')).toMatchObject({ usdc_mint: t.ledger.ledger.usdcMint, usdc_decimals: 6 })
  })

  it("opens the platform wallet's USDC account at set-up", async () => {
    const account = associatedTokenAddress(new PublicKey(t.config.platformWallet), usdcMintOf(t))
    expect(await t.ledger.connection.getAccountInfo(account)).not.toBeNull()
  })

  it("mints whole USDC to a wallet's token account, opening it, and refuses what is not an address", async () => {
    const wallet = Keypair.generate().publicKey
    const answer = await fundUsdc(t, wallet, 20)
    expect(answer).toMatchObject({
      asset: 'usdc',
      amount: '20',
      token_account: associatedTokenAddress(wallet, usdcMintOf(t)).toBase58(),
    })
    await fundUsdc(t, wallet, 5)
    expect(await usdcBalance(t, wallet)).toBe(usdc('25'))
    for (const payload of [
      { wallet_address: 'x'.repeat(40), asset: 'usdc', amount: 1 },
      { wallet_address: wallet.toBase58(), asset: 'usdc', amount: 1001 },
      { wallet_address: wallet.toBase58(), asset: 'sol', amount: 1 },
      { wallet_address: wallet.toBase58(), asset: 'usdc', amount: 1.5 },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/faucet/', payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
  })
})

describe('POST /api/emergency/donate/ in USDC', () => {
  it("records a gift to a wallet that had no USDC account: the donor's transaction opened it", async () => {
    const before = await detail()
    expect(await usdcBalance(t, emergency.receiving_wallet)).toBe(0n)
    const sig = await giveUsdc(t, donor.keypair, {
      recipient: emergency.receiving_wallet,
      amount: usdc('5'),
      openRecipientAccount: true,
    })
    const response = await usdcGift(sig, '5', { comment: 'From the choir' })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      currency: 'USDC',
      amount: '5',
      tip_amount: '0',
      tip_included: false,
      tx_hash: sig,
      comment: 'From the choir',
    })
    expect(await usdcBalance(t, emergency.receiving_wallet)).toBe(usdc('5'))
    // USDC raised is its own figure: the SOL total (and the goal) are untouched
    expect(await detail()).toMatchObject({
      total_donated: before.total_donated,
      usdc_donated: '5',
      donation_count: before.donation_count + 1,
    })
  })

  it('records a gift to an existing account with a tip to the platform, shown everywhere in USDC', async () => {
    const platformBefore = await usdcBalance(t, t.config.platformWallet)
    const sig = await giveUsdc(t, donor.keypair, {
      recipient: emergency.receiving_wallet,
      amount: usdc('20.5'),
      tip: usdc('1.03'),
    })
    const response = await usdcGift(sig, '20.5', { tip_amount: '1.03', tip_included: true })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ currency: 'USDC', amount: '20.5', tip_amount: '1.03' })
    expect((await usdcBalance(t, t.config.platformWallet)) - platformBefore).toBe(usdc('1.03'))

    expect(await detail()).toMatchObject({ usdc_donated: '25.5' })
    const feed = await get<Page<Donation>>(`/api/emergency/public-donations/?search=${sig.slice(0, 12)}`)
    expect(feed.results).toEqual([
      expect.objectContaining({ tx_hash: sig, currency: 'USDC', amount: '20.5' }),
    ])
    const byAmount = await get<Page<Donation>>('/api/emergency/public-donations/?search=20.5%20USDC')
    expect(byAmount.results.map((d) => d.tx_hash)).toContain(sig)
    const asSol = await get<Page<Donation>>('/api/emergency/public-donations/?search=20.5%20SOL')
    expect(asSol.results.map((d) => d.tx_hash)).not.toContain(sig)

    const stats = await get('/api/emergency/user-donations/', donor.bearer)
    expect(stats).toMatchObject({ usdc_donated: '25.5', usdc_tips: '1.03', total_donated: '0' })
    const tips = await get<{ results: unknown[] }>('/api/emergency/my-latest-tips/', donor.bearer)
    expect(tips.results[0]).toMatchObject({ amount: '1.03', currency: 'USDC', tx_hash: sig })
    expect(await get('/api/emergency/tips/', admin.bearer)).toMatchObject({ usdc_tips: '1.03' })
    const mine = await get<Page<Donation>>('/api/emergency/my-donations/', donor.bearer)
    expect(mine.results.filter((d) => d.currency === 'USDC').map((d) => d.amount)).toEqual(['20.5', '5'])
  })

  it("announces a USDC gift on the live streams in USDC, and counts it in the campaigner's totals", async () => {
    const stream = await openEventStream(
      `${await listening(t.app)}/api/live/donations/?emergency_id=${emergency.id}`,
    )
    await stream.next('resync')
    const sig = await giveUsdc(t, donor.keypair, { recipient: emergency.receiving_wallet, amount: usdc('2') })
    expect((await usdcGift(sig, '2')).statusCode).toBe(201)
    const event = JSON.parse((await stream.next('donation')).data) as LiveDonation
    stream.close()
    expect(event.donation).toMatchObject({ tx_hash: sig, currency: 'USDC', amount: '2' })
    expect(event.emergency).toMatchObject({ usdc_donated: '27.5', total_donated: '0' })
    expect(await get('/api/emergency/my-totals/', owner.bearer)).toMatchObject({
      total_raised: '0',
      usdc_raised: '27.5',
    })
  })

  it('awards donor badges for USDC: a first donation, and 100 USDC given', async () => {
    const sig = await giveUsdc(t, donor.keypair, {
      recipient: emergency.receiving_wallet,
      amount: usdc('80'),
    })
    expect((await usdcGift(sig, '80')).statusCode).toBe(201)
    const badges = await get<Page<Badge>>('/api/badges/mybadges/', donor.bearer)
    expect(badges.results.map((b) => b.kind)).toEqual(
      expect.arrayContaining(['first_donation', 'hundred_usdc_donated']),
    )
    expect(badges.results.map((b) => b.kind)).not.toContain('one_sol_donated')
  })
})

describe('USDC refusals: 422 with the reason, nothing written', () => {
  /** Posts the claim, expects 422 with `reason`, and checks that no payment was stored and nothing was credited. */
  async function refused(sig: string, amount: string, reason: string, over: Record<string, unknown> = {}) {
    const before = await detail()
    const response = await usdcGift(sig, amount, over)
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json()).toMatchObject({ error: reason, code: 'payment_not_verified' })
    expect(await paymentRows(sig)).toBe(0)
    expect(await detail()).toMatchObject({
      usdc_donated: before.usdc_donated,
      donation_count: before.donation_count,
    })
  }

  it('refuses another mint of the same decimals', async () => {
    const fake = await createMint(t.ledger.connection, donor.keypair, USDC_DECIMALS)
    const from = associatedTokenAccount(donor.keypair.publicKey, fake)
    const recipient = new PublicKey(emergency.receiving_wallet)
    const sig = await send(t, donor.keypair, [
      createAssociatedIdempotent(donor.keypair.publicKey, donor.keypair.publicKey, fake),
      mintToChecked(fake, from, donor.keypair.publicKey, usdc('10'), USDC_DECIMALS),
      createAssociatedIdempotent(donor.keypair.publicKey, recipient, fake),
      transferChecked({
        from: donor.keypair.publicKey,
        to: recipient,
        mint: fake,
        amount: usdc('10'),
        decimals: 6,
      }),
    ])
    await refused(sig, '10', 'wrong mint')
  })

  it('refuses a Token-2022 look-alike', async () => {
    const program = new PublicKey(TOKEN_2022_PROGRAM)
    const fake = await createMint(t.ledger.connection, donor.keypair, USDC_DECIMALS, program)
    const recipient = new PublicKey(emergency.receiving_wallet)
    const from = associatedTokenAccount(donor.keypair.publicKey, fake, program)
    const sig = await send(t, donor.keypair, [
      createAssociatedIdempotent(donor.keypair.publicKey, donor.keypair.publicKey, fake, program),
      mintToChecked(fake, from, donor.keypair.publicKey, usdc('10'), USDC_DECIMALS, program),
      createAssociatedIdempotent(donor.keypair.publicKey, recipient, fake, program),
      anyTokenTransfer(
        {
          source: from,
          mint: fake,
          destination: associatedTokenAccount(recipient, fake, program),
          owner: donor.keypair.publicKey,
        },
        usdc('10'),
        USDC_DECIMALS,
        program,
      ),
    ])
    await refused(sig, '10', 'wrong mint')
  })

  it("refuses USDC paid into a token account another wallet owns, and a claim above what the recipient's balance gained", async () => {
    const elsewhere = await giveUsdc(t, donor.keypair, {
      recipient: Keypair.generate().publicKey.toBase58(),
      amount: usdc('3'),
      openRecipientAccount: true,
    })
    await refused(elsewhere, '3', 'wrong recipient')
    const small = await giveUsdc(t, donor.keypair, {
      recipient: emergency.receiving_wallet,
      amount: usdc('2'),
    })
    await refused(small, '3', 'wrong amount')
    // the same signature is still good for what it really paid
    expect((await usdcGift(small, '2')).statusCode).toBe(201)
  })

  it('refuses a failed transaction, a replay, a SOL payment claimed as USDC and a self-transfer', async () => {
    const tooMuch = await send(
      t,
      donor.keypair,
      [
        transferChecked({
          from: donor.keypair.publicKey,
          to: new PublicKey(emergency.receiving_wallet),
          mint: usdcMintOf(t),
          amount: usdc('100000'),
          decimals: 6,
        }),
      ],
      { skipPreflight: true },
    )
    await refused(tooMuch, '100000', 'transaction failed')

    const once = await giveUsdc(t, donor.keypair, {
      recipient: emergency.receiving_wallet,
      amount: usdc('1'),
    })
    expect((await usdcGift(once, '1')).statusCode).toBe(201)
    const replay = await usdcGift(once, '1')
    expect(replay.statusCode).toBe(422)
    expect(replay.json()).toMatchObject({
      error: 'already been processed',
      code: 'payment_already_processed',
    })

    const sol = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    await refused(sol, '0.01', 'wrong recipient')

    // The campaigner's own wallet receives: a gift from it to itself proves nothing.
    const own = await createEmergency(t.app, owner.bearer, { receiving_wallet: owner.address })
    await fundUsdc(t, owner.keypair.publicKey, 10)
    const self = await giveUsdc(t, owner.keypair, { recipient: owner.address, amount: usdc('4') })
    const response = await donate(owner, {
      emergency_id: own.id,
      currency: 'USDC',
      amount: '4',
      tx_hash: self,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ error: 'sent from the receiving wallet' })
    expect(await paymentRows(self)).toBe(0)
  })

  it('refuses USDC amounts below a cent or finer than 6 decimals before asking the chain', async () => {
    for (const [amount, error] of [
      ['0.001', 'The minimum donation is 0.01 USDC.'],
      ['1.0000001', 'amount must be a USDC amount with at most 6 decimals.'],
    ]) {
      const response = await usdcGift('1'.repeat(64), amount!)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error, code: 'invalid_amount' })
    }
  })
})
