// Public lists, search, the owner's list, flags and the admin review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Emergency, FlaggedEmergency } from '../../api-contract/emergencies'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let other: PayingUser
let admin: PayingUser
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, other],
  } = await ledgerAppWithAdmin([0, 0]))
})
afterAll(async () => {
  await t.close()
})

const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url, headers })
  return { status: response.statusCode, body: response.json<T>() }
}
let ip = 0
const flag = (id: number, reason?: string, remoteAddress = `10.0.0.${++ip}`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/emergency/${id}/flag/`,
    payload: reason === undefined ? {} : { reason },
    remoteAddress,
  })
const review = (id: number, action: string, headers = admin.bearer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/emergency/admin/${id}/review/`,
    headers,
    payload: { action, comment: 'checked' },
  })

describe('GET /api/emergency/list/', () => {
  it('pages newest first, 10 by default, with next and previous links', async () => {
    const made: Emergency[] = []
    for (let i = 0; i < 12; i++)
      made.push(await createEmergency(t.app, owner.bearer, { title: `Paging case ${i}` }))
    const first = await get<Page<Emergency>>('/api/emergency/list/?search=paging%20case')
    expect(first.body.count).toBe(12)
    expect(first.body.results.map((e) => e.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((e) => e.id),
    )
    expect(first.body.previous).toBeNull()
    expect(first.body.next).toBe('http://localhost:8080/api/emergency/list/?search=paging+case&page=2')
    const second = await get<Page<Emergency>>('/api/emergency/list/?search=paging%20case&page=2')
    expect(second.body.results.map((e) => e.id)).toEqual([made[1]!.id, made[0]!.id])
    expect(second.body.next).toBeNull()
    const small = await get<Page<Emergency>>('/api/emergency/list/?search=paging&page_size=3')
    expect(small.body.results).toHaveLength(3)
  })

  it('searches titles case-insensitively as a substring, with wildcards taken literally', async () => {
    const e = await createEmergency(t.app, owner.bearer, { title: 'Earthquake in Küstendorf 100%' })
    const hit = await get<Page<Emergency>>('/api/emergency/list/?search=QUAKE%20IN')
    expect(hit.body.results.map((r) => r.id)).toEqual([e.id])
    const percent = await get<Page<Emergency>>('/api/emergency/list/?search=100%25')
    expect(percent.body.results.map((r) => r.id)).toEqual([e.id])
    const none = await get<Page<Emergency>>('/api/emergency/list/?search=_arthquake')
    expect(none.body).toMatchObject({ count: 0, results: [] })
  })
})

describe('flags and the admin review', () => {
  it("records a flag from anyone in the admin's queue, keeping no address", async () => {
    const e = await createEmergency(t.app, owner.bearer, { title: 'Flag me' })
    const response = await flag(e.id, 'Photos are copied from a news site', '10.1.1.1')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: "Campaign flagged. We'll review it shortly." })
    // One reporter does not brand it publicly (docs/decisions/016-flag-rule.md).
    const detail = await get<Emergency>(`/api/emergency/detail/${e.id}/`)
    expect(detail.body.is_flagged).toBe(false)
    const queue = await get<Page<FlaggedEmergency>>('/api/emergency/admin/flagged/', admin.bearer)
    const queued = queue.body.results.find((r) => r.id === e.id)
    expect(queued).toMatchObject({
      flagged_reason: 'Photos are copied from a news site',
      review_status: 'pending',
      flag_count: 1,
    })
    expect(queued!.flagged_ip).not.toContain('10.1.1.1')
  })

  it("refuses a flag without a reason with 'Please provide a reason.'", async () => {
    const e = await createEmergency(t.app, owner.bearer)
    for (const reason of [undefined, '   ']) {
      const response = await flag(e.id, reason)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'Please provide a reason.' })
    }
    expect((await get<Emergency>(`/api/emergency/detail/${e.id}/`)).body.is_flagged).toBe(false)
  })

  it('limits flags per client IP', async () => {
    const statuses = []
    for (let i = 0; i < 6; i++) {
      const e = await createEmergency(t.app, owner.bearer)
      statuses.push((await flag(e.id, 'spam', '10.9.9.9')).statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('keeps the admin queue and the review from non-admins (403) and anonymous callers (401)', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    await flag(e.id, 'scam')
    expect((await get('/api/emergency/admin/flagged/', other.bearer)).status).toBe(403)
    expect((await get('/api/emergency/admin/flagged/')).status).toBe(401)
    expect((await review(e.id, 'approve', other.bearer)).statusCode).toBe(403)
    expect((await get<Emergency>(`/api/emergency/detail/${e.id}/`)).status).toBe(200)
  })

  it('hides a confirmed scam from the public while its owner still sees it under review', async () => {
    const e = await createEmergency(t.app, owner.bearer, { title: 'Confirmed scam case' })
    await flag(e.id, 'fake')
    const approved = await review(e.id, 'approve')
    expect(approved.statusCode).toBe(200)
    expect((await get(`/api/emergency/detail/${e.id}/`)).status).toBe(404)
    expect((await get(`/api/emergency/detail/${e.id}/`, other.bearer)).status).toBe(404)
    const list = await get<Page<Emergency>>('/api/emergency/list/?search=confirmed%20scam%20case')
    expect(list.body.count).toBe(0)
    const ownView = await get<Emergency>(`/api/emergency/detail/${e.id}/`, owner.bearer)
    expect(ownView.body).toMatchObject({ id: e.id, is_flagged: true })
    const mine = await get<Page<Emergency>>('/api/emergency/my-emergencies/?page_size=100', owner.bearer)
    expect(mine.body.results.find((r) => r.id === e.id)).toMatchObject({ is_flagged: true })
    const queue = await get<Page<FlaggedEmergency>>('/api/emergency/admin/flagged/', admin.bearer)
    expect(queue.body.results.some((r) => r.id === e.id)).toBe(false)
    expect((await flag(e.id, 'again')).statusCode).toBe(404)
  })

  it('clears the flag when the admin rejects it', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    await flag(e.id, 'not sure')
    const rejected = await review(e.id, 'reject')
    expect(rejected.statusCode).toBe(200)
    const detail = await get<Emergency>(`/api/emergency/detail/${e.id}/`)
    expect(detail.body.is_flagged).toBe(false)
    expect((await review(e.id, 'reject')).statusCode).toBe(409)
  })
})

describe('GET /api/emergency/my-emergencies/', () => {
  it("lists only the signed-in user's emergencies, 8 per page", async () => {
    const mine = await createEmergency(t.app, other.bearer, { title: 'Only mine' })
    const page = await get<Page<Emergency>>('/api/emergency/my-emergencies/', other.bearer)
    expect(page.body.results.every((r) => r.owner.wallet_address === other.address)).toBe(true)
    expect(page.body.results.map((r) => r.id)).toContain(mine.id)
    expect((await get('/api/emergency/my-emergencies/')).status).toBe(401)
  })
})
