// Badges the server awards on its own rules, once per user and kind, each naming the transaction that earned it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Badge } from '../../api-contract/badges'
import type { Page } from '../../api-contract/common'
import type { Emergency } from '../../api-contract/emergencies'
import { createLedgerTestApp, type LedgerTestApp, pay, payingUser, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let donor: PayingUser
let campaigner: PayingUser
beforeAll(async () => {
  t = await createLedgerTestApp()
  ;[donor, campaigner] = await Promise.all([payingUser(t, 3), payingUser(t, 0)])
})
afterAll(async () => {
  await t.close()
})

const badges = async (user: PayingUser) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/badges/mybadges/', headers: user.bearer })
  expect(response.statusCode).toBe(200)
  return response.json<Page<Badge>>()
}
const kinds = async (user: PayingUser) =>
  Object.fromEntries((await badges(user)).results.map((b) => [b.kind, b.tx_hash]))

async function donate(e: Emergency, sol: string, lamports: bigint): Promise<string> {
  const sig = await pay(t, donor.keypair, [{ to: e.receiving_wallet, lamports }])
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/',
    headers: donor.bearer,
    payload: { emergency_id: e.id, amount: sol, tx_hash: sig },
  })
  expect(response.statusCode, response.body).toBe(201)
  return sig
}

describe('GET /api/badges/mybadges/', () => {
  it('awards donor and campaigner badges once each, with the transaction that earned them', async () => {
    const e1 = await createEmergency(t.app, campaigner.bearer, { sol_goal: '0.5' })
    const e2 = await createEmergency(t.app, campaigner.bearer)
    const e3 = await createEmergency(t.app, campaigner.bearer)
    expect(await kinds(campaigner)).toEqual({ first_emergency: null })
    expect(await kinds(donor)).toEqual({})

    const d1 = await donate(e1, '0.1', 100_000_000n)
    expect(await kinds(donor)).toEqual({ first_donation: d1 })
    await donate(e2, '0.2', 200_000_000n)
    expect(await kinds(donor)).toEqual({ first_donation: d1 })
    const d3 = await donate(e3, '0.7', 700_000_000n)
    expect(await kinds(donor)).toEqual({ first_donation: d1, three_emergencies: d3, one_sol_donated: d3 })

    const d4 = await donate(e1, '0.4', 400_000_000n)
    expect(await kinds(campaigner)).toEqual({ first_emergency: null, goal_reached: d4 })
    await donate(e1, '0.1', 100_000_000n)
    await createEmergency(t.app, campaigner.bearer)

    const donorBadges = await badges(donor)
    expect(donorBadges.count).toBe(3)
    expect(donorBadges.results[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      issued_at: expect.any(String),
    })
    expect((await badges(campaigner)).count).toBe(2)
  })

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/badges/mybadges/' })
    expect(response.statusCode).toBe(401)
  })
})
