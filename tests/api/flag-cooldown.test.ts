// Finding 9 of the hardening review (issue 11): anyone could re-flag an emergency right after an admin cleared it,
// putting it straight back in the review queue and marking its public page as flagged. A cleared emergency now
// cannot be flagged again for FLAG_COOLDOWN_MS (409 'flag_cooldown', saying until when).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FLAG_COOLDOWN_MS } from '../../server/modules/emergencies/flags.service'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser, signInAgain } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let admin: PayingUser
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner],
  } = await ledgerAppWithAdmin([0]))
})
afterAll(() => t.close())

let ip = 0
const flag = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/emergency/${id}/flag/`,
    payload: { reason: 'Looks copied' },
    remoteAddress: `10.2.0.${++ip}`,
  })
const review = (id: number, action: 'approve' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/api/emergency/admin/${id}/review/`,
    headers: admin.bearer,
    payload: { action, comment: 'checked' },
  })
const isFlagged = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${id}/` })).json().is_flagged

it('refuses a new flag for a day after an admin cleared the emergency, then accepts it again', async () => {
  const e = await createEmergency(t.app, owner.bearer)
  expect((await flag(e.id)).statusCode).toBe(200)
  // While the flag awaits review, other reporters' flags are accepted.
  expect((await flag(e.id)).statusCode).toBe(200)
  expect((await review(e.id, 'reject')).statusCode).toBe(200)

  const again = await flag(e.id)
  expect(again.statusCode).toBe(409)
  expect(again.json()).toMatchObject({ code: 'flag_cooldown' })
  expect(again.json().error).toContain('It can be flagged again after')
  expect(await isFlagged(e.id)).toBe(false)

  t.clock.advance(FLAG_COOLDOWN_MS - 60_000)
  expect((await flag(e.id)).statusCode).toBe(409)
  t.clock.advance(60_000)
  expect((await flag(e.id)).statusCode).toBe(200)
  // A new first reporter: back in the admin's queue, not yet shown as under review.
  expect(await isFlagged(e.id)).toBe(false)
  await signInAgain(t, admin)
  expect((await review(e.id, 'approve')).statusCode).toBe(200)
})
