// Flags as records (docs/decisions/016-flag-rule.md): each reporter once, every reason for the admin, the public
// badge only after an admin's triage or 3 reporters, never the owner's own flag, and a confirmed scam's donors told
// in their notifications.
import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Emergency, FlaggedEmergency, FlagRecord } from '../../api-contract/emergencies'
import type { Notification } from '../../api-contract/notifications'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let donor: PayingUser
let reporter: PayingUser
let admin: PayingUser
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, donor, reporter],
  } = await ledgerAppWithAdmin([0, 3, 0]))
})
afterAll(() => t?.close())

let ip = 0
const flag = (id: number, reason: string, headers: Record<string, string> = {}, address = `10.3.0.${++ip}`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/emergency/${id}/flag/`,
    payload: { reason },
    headers,
    remoteAddress: address,
  })
const review = (id: number, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/emergency/admin/${id}/review/`,
    headers: admin.bearer,
    payload: { action },
  })
const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url, headers })
  return { status: response.statusCode, body: response.json<T>() }
}
const underReview = async (id: number) =>
  (await get<Emergency>(`/api/emergency/detail/${id}/`)).body.is_flagged
const queued = async (id: number) =>
  (
    await get<Page<FlaggedEmergency>>('/api/emergency/admin/flagged/?page_size=100', admin.bearer)
  ).body.results.find((row) => row.id === id)

describe('flags', () => {
  it('shows an emergency under review only once 3 reporters flagged it; the admin sees every reason', async () => {
    const e = await createEmergency(t.app, owner.bearer, { title: 'Three reports' })
    expect((await flag(e.id, 'The photos are from a news site', {}, '10.9.0.1')).statusCode).toBe(200)
    expect((await flag(e.id, 'Same story under another name', reporter.bearer)).statusCode).toBe(200)
    expect(await underReview(e.id)).toBe(false)
    expect((await flag(e.id, 'Hospital says no such patient')).statusCode).toBe(200)
    expect(await underReview(e.id)).toBe(true)

    const row = await queued(e.id)
    expect(row).toMatchObject({ flag_count: 3, review_status: 'pending', triaged_at: null })
    expect(row!.flags.map((f) => f.reason)).toEqual([
      'Hospital says no such patient',
      'Same story under another name',
      'The photos are from a news site',
    ])
    const [, signedIn, anonymous] = row!.flags
    expect(signedIn).toMatchObject({ user_id: expect.any(Number) })
    expect(anonymous).toMatchObject({ user_id: null, created_at: expect.any(String) })
    // A salted hash, the same for the same address, and never the address.
    expect(anonymous!.reporter).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(JSON.stringify(row)).not.toContain('10.9.0.1')
    const all = await get<Page<FlagRecord>>(`/api/emergency/admin/${e.id}/flags/`, admin.bearer)
    expect(all.body).toMatchObject({ count: 3, results: row!.flags })
  })

  it('takes one flag per address and one per account, and answers a repeat 409 already_flagged', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    expect((await flag(e.id, 'first', {}, '10.9.1.1')).statusCode).toBe(200)
    const sameAddress = await flag(e.id, 'second', {}, '10.9.1.1')
    expect(sameAddress.statusCode).toBe(409)
    expect(sameAddress.json()).toMatchObject({ code: 'already_flagged' })
    expect((await flag(e.id, 'mine', reporter.bearer, '10.9.1.2')).statusCode).toBe(200)
    const sameAccount = await flag(e.id, 'mine again, elsewhere', reporter.bearer, '10.9.1.3')
    expect(sameAccount.json()).toMatchObject({ code: 'already_flagged' })
    expect(await queued(e.id)).toMatchObject({ flag_count: 2, flagged_reason: 'mine' })
  })

  it("refuses the owner's flag on their own emergency with 403 own_emergency", async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const own = await flag(e.id, 'I want attention', owner.bearer)
    expect(own.statusCode).toBe(403)
    expect(own.json()).toMatchObject({ code: 'own_emergency' })
    expect(await queued(e.id)).toBeUndefined()
  })

  it('shows a single report under review once an admin triages it, and clears every flag on a reject', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    await flag(e.id, 'odd')
    expect((await review(e.id, 'triage')).json()).toEqual({ message: 'Emergency marked as under review.' })
    expect(await underReview(e.id)).toBe(true)
    expect((await queued(e.id))?.triaged_at).toEqual(expect.any(String))

    expect((await review(e.id, 'reject')).statusCode).toBe(200)
    expect(await underReview(e.id)).toBe(false)
    expect(await queued(e.id)).toBeUndefined()
    expect((await get(`/api/emergency/admin/${e.id}/flags/`, admin.bearer)).body).toMatchObject({ count: 0 })
  })

  it('tells the registered donors of a confirmed scam in their notifications, once', async () => {
    const scam = await createEmergency(t.app, owner.bearer, { title: 'Fake flood relief' })
    const signature = await pay(t, donor.keypair, [
      { to: scam.receiving_wallet, lamports: LAMPORTS_PER_SOL / 10 },
    ])
    const donated = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: { emergency_id: scam.id, amount: '0.1', tx_hash: signature },
    })
    expect(donated.statusCode).toBe(201)
    expect((await get('/api/notifications/unread/', donor.bearer)).body).toEqual({ unread: 0 })

    await flag(scam.id, 'fake')
    const approved = await review(scam.id, 'approve')
    expect(approved.json()).toEqual({
      message: 'Emergency confirmed as a scam and hidden from public lists. 1 donor was told.',
    })
    const mine = await get<Page<Notification>>('/api/notifications/', donor.bearer)
    expect(mine.body).toMatchObject({ count: 1 })
    expect(mine.body.results[0]).toEqual({
      id: expect.any(Number),
      kind: 'emergency_confirmed_scam',
      emergency_id: scam.id,
      emergency_title: 'Fake flood relief',
      message:
        'An emergency you donated to, “Fake flood relief”, was confirmed as a scam by our team and is no longer ' +
        'shown publicly.',
      created_at: expect.any(String),
      read_at: null,
    })
    expect((await get('/api/notifications/unread/', donor.bearer)).body).toEqual({ unread: 1 })
    expect((await get<Page<Notification>>('/api/notifications/', reporter.bearer)).body.count).toBe(0)
    expect((await get('/api/notifications/')).status).toBe(401)

    // Another user cannot mark it; its owner can, once.
    const id = mine.body.results[0]!.id
    const markAs = (user: PayingUser, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/notifications/read/', headers: user.bearer, payload })
    expect((await markAs(reporter, { ids: [id] })).json()).toEqual({ marked: 0 })
    expect((await markAs(donor, { ids: [id] })).json()).toEqual({ marked: 1 })
    expect((await markAs(donor, {})).json()).toEqual({ marked: 0 })
    expect((await get('/api/notifications/unread/', donor.bearer)).body).toEqual({ unread: 0 })
    expect(
      (await get<Page<Notification>>('/api/notifications/', donor.bearer)).body.results[0]!.read_at,
    ).toEqual(expect.any(String))
  })
})
