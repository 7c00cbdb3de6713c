// Hot public reads come from the read cache (server/lib/read-cache.ts), and every write that changes them shows
// at once: a donation, a boost, a flag review, an edit. With two instances on one database, the other
// instance's write shows within its poll interval. A write drops only what it changes: a donation to one
// emergency leaves every other emergency's answers cached, on this instance and on the other. A boost ending, which no write marks, shows too, although
// answers that only writes change are kept far longer here (a month) than a boost lasts.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CursorPage } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { BOOST_DAYS } from '../../server/lib/product'
import { buildApp } from '../../server/app'
import { testConfig } from '../helpers/config'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const TTL = 60_000
const DAY = 86_400_000
let t: LedgerTestApp
let owner: PayingUser
let donor: PayingUser
let admin: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, donor],
  } = await ledgerAppWithAdmin([3, 3], {
    config: { readCache: { ttlMs: TTL, maxAgeMs: 30 * DAY, pollMs: 60_000 } },
  }))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Roof repairs after the storm' })
})
afterAll(() => t.close())

const read = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url })
  expect(response.statusCode, url).toBe(200)
  return response.json<T>()
}
const detail = (id = emergency.id) => read<Emergency>(`/api/emergency/detail/${id}/`)
const listed = async (url: string, id = emergency.id) =>
  (await read<CursorPage<Emergency>>(url)).results.find((e) => e.id === id)

async function boost(id: number) {
  const sig = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: 100_000_000n }])
  const boosted = await t.app.inject({
    method: 'POST',
    url: '/api/emergency/boost/',
    headers: owner.bearer,
    payload: { emergency_id: id, tx_hash: sig },
  })
  expect(boosted.statusCode).toBe(200)
}

let renames = 0
/**
 * Proof that reads are being served from the cache: an owner's wallet address never changes through the API, so
 * its row has no trigger that moves the cache version. Changed behind the API's back, it shows only once
 * something public changes; until then the cached answers keep the old one.
 */
async function expectCachedThenChangeOwnerWallet(): Promise<string> {
  const shown = (await detail()).owner.wallet_address
  expect((await listed('/api/emergency/list/'))?.owner.wallet_address).toBe(shown)
  const renamed = `renamed-wallet-${++renames}`
  await t.db.execute(sql`update users set wallet_address = ${renamed} where id = ${emergency.owner.id}`)
  expect((await detail()).owner.wallet_address).toBe(shown)
  expect((await listed('/api/emergency/list/'))?.owner.wallet_address).toBe(shown)
  return renamed
}

describe('the read cache', () => {
  it('shows a donation at once: totals, the feed, the emergency’s donations', async () => {
    await read('/api/emergency/public-donations/')
    await read(`/api/emergency/${emergency.id}/donations/`)
    const renamed = await expectCachedThenChangeOwnerWallet()

    const sig = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 250_000_000n }])
    const donated = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id, amount: '0.25', tx_hash: sig },
    })
    expect(donated.statusCode).toBe(201)

    expect(await detail()).toMatchObject({ total_donated: '0.25', donation_count: 1 })
    expect((await detail()).owner.wallet_address).toBe(renamed)
    const feed = await read<CursorPage<Donation>>('/api/emergency/public-donations/')
    expect(feed.results[0]).toMatchObject({ tx_hash: sig, emergency_id: emergency.id })
    const own = await read<CursorPage<Donation>>(`/api/emergency/${emergency.id}/donations/`)
    expect(own.results.map((d) => d.tx_hash)).toEqual([sig])
  })

  it('keeps every other emergency’s answers when one gets a donation', async () => {
    const other = await createEmergency(t.app, owner.bearer, { title: 'Seeds for the next season' })
    await detail(other.id)
    const otherDonations = await read<CursorPage<Donation>>(`/api/emergency/${other.id}/donations/`)
    const shown = (await detail()).owner.wallet_address
    const renamed = await expectCachedThenChangeOwnerWallet()

    const sig = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 100_000_000n }])
    const donated = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id, amount: '0.1', tx_hash: sig },
    })
    expect(donated.statusCode).toBe(201)

    // The emergency given to, and the lists that show its totals, at once…
    expect(await detail()).toMatchObject({ total_donated: '0.35', owner: { wallet_address: renamed } })
    expect((await listed('/api/emergency/list/', other.id))?.owner.wallet_address).toBe(renamed)
    // …while the other emergency's answers stay cached (same owner, still the old wallet).
    expect((await detail(other.id)).owner.wallet_address).toBe(shown)
    expect(await read(`/api/emergency/${other.id}/donations/`)).toEqual(otherDonations)
  })

  it('shows a boost at once in the featured list and on the emergency', async () => {
    expect(await listed('/api/emergency/featured/')).toBeUndefined()
    await expectCachedThenChangeOwnerWallet()
    await boost(emergency.id)
    expect(await listed('/api/emergency/featured/')).toMatchObject({ is_featured: true })
    expect(await detail()).toMatchObject({ is_featured: true })
  })

  it('shows an edit at once in the list, on the emergency and in the feed', async () => {
    await expectCachedThenChangeOwnerWallet()
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${emergency.id}/`,
      headers: owner.bearer,
      payload: { title: 'Roof and windows after the storm' },
    })
    expect(edited.statusCode).toBe(200)
    expect(await listed('/api/emergency/list/')).toMatchObject({ title: 'Roof and windows after the storm' })
    expect(await detail()).toMatchObject({ title: 'Roof and windows after the storm' })
    const feed = await read<CursorPage<Donation>>('/api/emergency/public-donations/')
    expect(feed.results.find((d) => d.emergency_id === emergency.id)?.emergency_title).toBe(
      'Roof and windows after the storm',
    )
  })

  it('takes an emergency confirmed as a scam out of every cached public answer at once', async () => {
    await read('/api/emergency/public-donations/')
    await expectCachedThenChangeOwnerWallet()
    const flagged = await t.app.inject({
      method: 'POST',
      url: `/api/emergency/${emergency.id}/flag/`,
      payload: { reason: 'The photos are from a news site' },
    })
    expect(flagged.statusCode).toBe(200)
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/emergency/admin/${emergency.id}/review/`,
      headers: admin.bearer,
      payload: { action: 'approve' },
    })
    expect(reviewed.statusCode).toBe(200)
    expect(await listed('/api/emergency/list/')).toBeUndefined()
    expect(await listed('/api/emergency/featured/')).toBeUndefined()
    const feed = await read<CursorPage<Donation>>('/api/emergency/public-donations/')
    expect(feed.results.some((d) => d.emergency_id === emergency.id)).toBe(false)
    const gone = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
    expect(gone.statusCode).toBe(404)
  })

  it('shows another instance’s write within that instance’s poll interval', async () => {
    const other = await createEmergency(t.app, owner.bearer, { title: 'Clean water for the valley school' })
    const untouched = await createEmergency(t.app, owner.bearer, { title: 'Blankets for the shelter' })
    const second = await buildApp(
      testConfig({ readCache: { ttlMs: 60_000, maxAgeMs: 600_000, pollMs: 100 } }),
      {
        db: t.db,
        distDir: '/nonexistent',
      },
    )
    try {
      const shown = async () =>
        (await second.inject({ method: 'GET', url: `/api/emergency/detail/${other.id}/` })).json<Emergency>()
      const title = async () => (await shown()).title
      const wallet = (await shown()).owner.wallet_address
      const untouchedWallet = async () =>
        (
          await second.inject({ method: 'GET', url: `/api/emergency/detail/${untouched.id}/` })
        ).json<Emergency>().owner.wallet_address
      expect(await untouchedWallet()).toBe(wallet)
      // The second instance answers from its own cache too (see expectCachedThenChangeOwnerWallet)…
      await t.db.execute(
        sql`update users set wallet_address = 'renamed-for-the-second' where id = ${other.owner.id}`,
      )
      await new Promise((done) => setTimeout(done, 300))
      expect((await shown()).owner.wallet_address).toBe(wallet)
      expect(await title()).toBe('Clean water for the valley school')
      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/emergency/update/${other.id}/`,
        headers: owner.bearer,
        payload: { title: 'Clean water for the valley' },
      })
      expect(edited.statusCode).toBe(200)
      const deadline = Date.now() + 10_000
      while ((await title()) !== 'Clean water for the valley' && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 50))
      expect(await title()).toBe('Clean water for the valley')
      // …and dropped what the edit changed when it saw the version move, not the other emergency's answer.
      expect((await shown()).owner.wallet_address).toBe('renamed-for-the-second')
      expect(await untouchedWallet()).toBe(wallet)
    } finally {
      await second.close()
    }
  })

  // Last: it moves the clock past the boost (and the access tokens' life).
  it('shows a boost ending on the emergency and in the lists, with no write', async () => {
    const boosted = await createEmergency(t.app, owner.bearer, { title: 'Generator for the clinic' })
    await boost(boosted.id)
    expect(await detail(boosted.id)).toMatchObject({ is_featured: true })
    expect(await listed('/api/emergency/list/', boosted.id)).toMatchObject({ is_featured: true })
    expect(await listed('/api/emergency/featured/', boosted.id)).toMatchObject({ is_featured: true })

    // Past the end, and past the second TTL during which an expired answer may still be served.
    t.clock.advance(BOOST_DAYS * DAY + TTL + 1_000)
    expect(await detail(boosted.id)).toMatchObject({ is_featured: false })
    expect(await listed('/api/emergency/list/', boosted.id)).toMatchObject({ is_featured: false })
    expect(await listed('/api/emergency/featured/', boosted.id)).toBeUndefined()
  })
})
