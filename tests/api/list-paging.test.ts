// The long public lists page two ways (api-contract/common.ts CursorPaginated): by page number, at the same cost
// at any depth (position blocks of 1024 ids, in groups of 32 blocks), and by cursor. Both must answer the same rows as a plain OFFSET over
// the whole list would, across block boundaries, after rows leave the list, and while new rows arrive.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CursorPage } from '../../api-contract/common'
import { rowsOf } from '../../server/db/client'
import { type TestApp, createTestApp } from '../helpers/app'
import { seed, type Seeded } from '../helpers/scale-seed'
import { register, signIn, testWallet } from '../helpers/wallet'

let t: TestApp
let seeded: Seeded
let admin: { authorization: string }
const adminWallet = testWallet()
beforeAll(async () => {
  t = await createTestApp({
    config: {
      adminWallets: new Set([adminWallet.address]),
      readCache: { ttlMs: 0, maxAgeMs: 0, pollMs: 1000 },
    },
  })
  // 3,000 donations, their ids 41 apart: spread over 121 position blocks (about 25 rows each) and 4 groups.
  await t.db.execute(sql`alter table donations alter column id set increment by 41`)
  seeded = await seed(t.db, { emergencies: 60, donations: 3_000, users: 40 })
  await register(t.app, adminWallet)
  admin = { authorization: `Bearer ${(await signIn(t.app, adminWallet)).access}` }
})
afterAll(() => t.close())

type Item = { id: number }
/** `headers` for a signed-in list ("my donations"); public lists are read anonymously. */
let headers: { authorization: string } | undefined
const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers })
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
  return response.json<CursorPage<Item>>()
}
const path = (link: string) => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}
const withParams = (base: string, params: string) => `${base}${base.includes('?') ? '&' : '?'}${params}`
const ids = (page: CursorPage<Item>) => page.results.map((item) => item.id)

/** Every item by page number (as far as page links go). */
async function byPages(base: string, size: number) {
  const seen: number[] = []
  for (let link: string | null = withParams(base, `page=1&page_size=${size}`); link;) {
    const page = await get(link)
    seen.push(...ids(page))
    link = page.next && path(page.next)
  }
  return seen
}

/** Every item by following next cursors from the first page, then back by previous cursors from the last. */
async function byCursors(base: string, size: number) {
  const forward: number[] = []
  const first = await get(withParams(base, `page_size=${size}`))
  forward.push(...ids(first))
  let last = first
  for (let cursor = first.next_cursor; cursor;) {
    last = await get(withParams(base, `page_size=${size}&cursor=${cursor}`))
    forward.push(...ids(last))
    cursor = last.next_cursor
  }
  const backward: number[] = [...ids(last)]
  for (let link = last.previous && path(last.previous); link;) {
    const page = await get(link)
    backward.unshift(...ids(page))
    link = page.previous && path(page.previous)
  }
  return { forward, backward }
}

const visibleFeedIds = async () =>
  (
    rowsOf(
      await t.db.execute(sql`select d.id from donations d join emergencies e on e.id = d.emergency_id
        where e.review_status <> 'confirmed_scam' order by d.id desc`),
    ) as { id: number | string }[]
  ).map((row) => Number(row.id))

describe('every long list answers the same items by page and by cursor', () => {
  const lists = () => [
    { base: '/api/emergency/public-donations/', size: 100 },
    { base: '/api/emergency/public-donations/?search=flood', size: 7 },
    { base: '/api/emergency/list/', size: 7 },
    { base: '/api/emergency/list/?search=relief%20for%20the%20coast', size: 3 },
    // Latest boost expiry first (ties broken by id): not an id order.
    { base: '/api/emergency/featured/', size: 5, byExpiry: true },
    { base: `/api/emergency/${seeded.viralId}/donations/`, size: 4 },
    { base: `/api/emergency/${seeded.sampleIds[0]}/donations/`, size: 10 },
    { base: '/api/emergency/my-donations/', size: 30, signedIn: true },
  ]

  it('walks each list to its end both ways without a repeat or a gap', async () => {
    // The admin gave every 7th donation (a seeded donor's otherwise): "my donations" holds a few hundred.
    await t.db.execute(sql`update donations set donor_id = (select id from users where wallet_address =
      ${adminWallet.address}) where id % 7 = 0`)
    for (const { base, size, byExpiry, signedIn } of lists()) {
      headers = signedIn ? admin : undefined
      const first = await get(base)
      const pages = await byPages(base, size)
      const cursors = await byCursors(base, size)
      expect(new Set(cursors.forward).size, base).toBe(cursors.forward.length)
      expect(cursors.backward, base).toEqual(cursors.forward)
      if (!byExpiry) expect(cursors.forward, base).toEqual([...cursors.forward].sort((a, b) => b - a))
      if (first.count_capped) {
        // Page links stop at the page holding the cap; cursors go on to the end.
        expect(pages.length, base).toBeGreaterThanOrEqual(first.count)
        expect(pages, base).toEqual(cursors.forward.slice(0, pages.length))
        expect(cursors.forward.length, base).toBeGreaterThan(pages.length)
      } else {
        expect(pages, base).toEqual(cursors.forward)
        expect(pages.length, base).toBe(first.count)
      }
      expect(first.count, base).toBeGreaterThan(size)
    }
    headers = undefined
  })

  it('counts the whole feed exactly and finds deep pages where an offset would', async () => {
    const truth = await visibleFeedIds()
    const first = await get('/api/emergency/public-donations/')
    expect(first.count).toBe(truth.length)
    for (const page of [
      1,
      80,
      86,
      87,
      170,
      171,
      Math.ceil(truth.length / 12),
      Math.ceil(truth.length / 12) + 1,
    ]) {
      const answer = await get(`/api/emergency/public-donations/?page=${page}`)
      expect(ids(answer), `page ${page}`).toEqual(truth.slice((page - 1) * 12, page * 12))
    }
  })

  it('finds the pages on either side of every position block and group boundary where an offset would', async () => {
    const truth = await visibleFeedIds()
    const firsts = truth.flatMap((id, i) => (i > 0 && id >> 10 !== truth[i - 1]! >> 10 ? [i] : []))
    expect(firsts.filter((i) => truth[i]! >> 15 !== truth[i - 1]! >> 15)).toHaveLength(3)
    for (const i of firsts) {
      for (const page of new Set([Math.floor((i - 1) / 12) + 1, Math.floor(i / 12) + 1])) {
        const answer = await get(`/api/emergency/public-donations/?page=${page}`)
        expect(ids(answer), `page ${page}`).toEqual(truth.slice((page - 1) * 12, page * 12))
      }
    }
  })

  it('keeps positions exact when an emergency is confirmed as a scam and when one is deleted', async () => {
    const target = seeded.sampleIds[1]!
    const flagged = await t.app.inject({
      method: 'POST',
      url: `/api/emergency/${target}/flag/`,
      payload: { reason: 'Copied photos' },
    })
    expect(flagged.statusCode).toBe(200)
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/emergency/admin/${target}/review/`,
      headers: admin,
      payload: { action: 'approve' },
    })
    expect(reviewed.statusCode).toBe(200)
    // As the owner's delete does (the seeded owners hold no keys to sign in with).
    await t.db.execute(sql`update emergencies set deleted_at = now() where id = ${seeded.sampleIds[2]!}`)

    const truth = await visibleFeedIds()
    for (const page of [1, 90, 200]) {
      const answer = await get(`/api/emergency/public-donations/?page=${page}`)
      expect(answer.count).toBe(truth.length)
      expect(ids(answer), `feed page ${page}`).toEqual(truth.slice((page - 1) * 12, page * 12))
    }
    const publicIds = (
      rowsOf(
        await t.db.execute(sql`select id from emergencies
          where deleted_at is null and review_status <> 'confirmed_scam' order by id desc`),
      ) as { id: number | string }[]
    ).map((row) => Number(row.id))
    const list = await byPages('/api/emergency/list/', 4)
    expect(list).toEqual(publicIds)
    expect(list).not.toContain(target)
  })
})

describe('cursor paging while donations arrive', () => {
  let next = 0
  /** Records donations the way the service does, all with one created_at (ties in time, not in id). */
  async function arrive(count: number) {
    const emergency = seeded.sampleIds[3]!
    await t.db.execute(sql`
      with paid as (
        insert into payments (tx_hash, kind, payer_wallet, reference, recipient_wallet, lamports, cluster, slot)
        select 'arrival-' || ${next} || '-' || i, 'donation', 'donor', ${String(emergency)}, 'wallet', 1000000, 'local', 1
        from generate_series(1, ${count}) i
        returning id, tx_hash
      )
      insert into donations (payment_id, tx_hash, emergency_id, donor_wallet, amount, created_at)
      select id, tx_hash, ${emergency}, 'donor', 1000000, '2026-01-01T00:00:00Z' from paid`)
    next++
  }

  it('never repeats or skips a donation that was there when paging started', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 2, maxLength: 6 }),
        async (size, arrivals) => {
          const before = await visibleFeedIds()
          const seen: number[] = []
          let page = await get(`/api/emergency/public-donations/?page_size=${size}`)
          seen.push(...ids(page))
          for (const count of arrivals) {
            await arrive(count)
            if (!page.next_cursor) break
            page = await get(`/api/emergency/public-donations/?page_size=${size}&cursor=${page.next_cursor}`)
            seen.push(...ids(page))
          }
          // Exactly the rows that existed, newest first, from the first one shown down to the last.
          expect(seen).toEqual(before.slice(0, seen.length))
        },
      ),
      { numRuns: 15 },
    )
  })
})
