// Paid boost: 0.1 SOL from the owner's wallet to the platform wallet, a real transaction on the local ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { BoostResponse, Emergency } from '../../api-contract/emergencies'
import {
  createLedgerTestApp,
  type LedgerTestApp,
  pay,
  payingUser,
  type PayingUser,
  signInAgain,
} from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const BOOST = 100_000_000n
const DAY = 86_400_000
let t: LedgerTestApp
let owner: PayingUser
let stranger: PayingUser
beforeAll(async () => {
  t = await createLedgerTestApp()
  ;[owner, stranger] = await Promise.all([payingUser(t, 3), payingUser(t, 3)])
})
afterAll(async () => {
  await t.close()
})

const boost = (user: PayingUser, emergencyId: number, txHash: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/emergency/boost/',
    headers: user.bearer,
    payload: { emergency_id: emergencyId, tx_hash: txHash },
  })
const payBoost = (user: PayingUser, lamports = BOOST) =>
  pay(t, user.keypair, [{ to: t.config.platformWallet, lamports }])
const featured = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/emergency/featured/' })).json<Page<Emergency>>()

describe('POST /api/emergency/boost/', () => {
  it('answers 403 when another user boosts, and their payment is not consumed', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const sig = await payBoost(stranger)
    const response = await boost(stranger, e.id, sig)
    expect(response.statusCode).toBe(403)
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${e.id}/` })
    expect(detail.json()).toMatchObject({ is_featured: false, boost_expires_at: null })
    const mine = await createEmergency(t.app, stranger.bearer)
    expect((await boost(stranger, mine.id, sig)).statusCode).toBe(200)
  })

  it('refuses a boost paid one lamport short, or paid to the emergency instead of the platform', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const short = await boost(owner, e.id, await payBoost(owner, BOOST - 1n))
    expect(short.statusCode).toBe(422)
    expect(short.json()).toMatchObject({ error: 'wrong amount' })
    const elsewhere = await pay(t, owner.keypair, [{ to: e.receiving_wallet, lamports: BOOST }])
    const wrong = await boost(owner, e.id, elsewhere)
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json()).toMatchObject({ error: 'wrong recipient' })
  })

  it('refuses the same boost signature twice', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const sig = await payBoost(owner)
    expect((await boost(owner, e.id, sig)).statusCode).toBe(200)
    const again = await boost(owner, e.id, sig)
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ error: 'already been processed' })
  })

  it('answers 404 for an unknown emergency and 401 without a token', async () => {
    expect((await boost(owner, 999_999, '1'.repeat(88))).statusCode).toBe(404)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/boost/',
      payload: { emergency_id: 1, tx_hash: '1'.repeat(88) },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('GET /api/emergency/featured/', () => {
  it('lists 12 per page, latest expiry first', async () => {
    const page = await featured()
    expect(page.results.length).toBeLessThanOrEqual(12)
    const expiries = page.results.map((r) => Date.parse(r.boost_expires_at!))
    expect(expiries).toEqual([...expiries].sort((a, b) => b - a))
    expect(page.results.every((r) => r.is_featured)).toBe(true)
  })
})

// Last: it moves the clock by weeks.
describe('boost expiry', () => {
  it('features the emergency for 7 days from verification, and a second boost extends the expiry', async () => {
    const e = await createEmergency(t.app, owner.bearer, { title: 'Boost me' })
    const first = await boost(owner, e.id, await payBoost(owner))
    expect(first.statusCode).toBe(200)
    const body = first.json<BoostResponse>()
    expect(Date.parse(body.boost_expires_at)).toBe(t.clock().getTime() + 7 * DAY)
    expect(body.emergency).toMatchObject({ id: e.id, is_featured: true })
    expect((await featured()).results.map((r) => r.id)).toContain(e.id)

    t.clock.advance(2 * DAY)
    await signInAgain(t, owner)
    const second = await boost(owner, e.id, await payBoost(owner))
    expect(Date.parse(second.json<BoostResponse>().boost_expires_at)).toBe(
      Date.parse(body.boost_expires_at) + 7 * DAY,
    )

    t.clock.advance(13 * DAY)
    await signInAgain(t, owner)
    expect((await featured()).results.map((r) => r.id)).not.toContain(e.id)
    const third = await boost(owner, e.id, await payBoost(owner))
    expect(Date.parse(third.json<BoostResponse>().boost_expires_at)).toBe(t.clock().getTime() + 7 * DAY)
  })
})
