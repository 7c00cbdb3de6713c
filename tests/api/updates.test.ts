// Campaign updates through the API: the owner posts text and up to 4 images (the proof images' rules), anyone reads
// them newest first, the owner or an admin removes one (with its files); everybody else is refused.
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Emergency } from '../../api-contract/emergencies'
import type { EmergencyUpdate } from '../../api-contract/updates'
import { storageUsed } from '../../server/storage/quota'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { confirmScam, createEmergency, type FilePart, multipart, png } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let other: PayingUser
let admin: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, other],
  } = await ledgerAppWithAdmin([0, 0]))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'School roof repair' })
})
afterAll(async () => {
  await t.close()
})

const image = async (body?: Buffer, name = 'images'): Promise<FilePart> => ({
  name,
  filename: 'photo.png',
  contentType: 'image/png',
  body: body ?? (await png()),
})
const uploads = async () => (await fs.readdir(t.uploadsDir).catch(() => [])).sort()
const updatesUrl = (id = emergency.id) => `/api/emergency/${id}/updates/`

async function post(
  text: string | undefined,
  files: FilePart[] = [],
  { who = owner as PayingUser | null, id = emergency.id } = {},
) {
  const form = multipart(text === undefined ? {} : { text }, files)
  return t.app.inject({
    method: 'POST',
    url: updatesUrl(id),
    headers: { ...(who?.bearer ?? {}), ...form.headers },
    payload: form.payload,
  })
}
const list = async (query = '', id = emergency.id) =>
  t.app.inject({ method: 'GET', url: `${updatesUrl(id)}${query}` })
const remove = (update: { id: number }, who?: PayingUser, id = emergency.id) =>
  t.app.inject({ method: 'DELETE', url: `${updatesUrl(id)}${update.id}/`, headers: who?.bearer ?? {} })

describe('posting an update', () => {
  it('the owner posts text and photos; the update leads the list at once, its photos served like proof images', async () => {
    const before = await list()
    expect(before.json<Page<EmergencyUpdate>>()).toMatchObject({ count: 0, results: [] })
    const first = await post('We bought the tiles.', [await image(), await image(await png(32, 24))])
    expect(first.statusCode).toBe(201)
    const posted = first.json<EmergencyUpdate>()
    expect(posted).toMatchObject({ emergency_id: emergency.id, text: 'We bought the tiles.' })
    expect(posted.images).toHaveLength(2)
    expect(posted.images[0]!.variants!.map((v) => v.width)).toEqual([480, 768, 960, 1440])
    const photo = await t.app.inject({ method: 'GET', url: new URL(posted.images[0]!.image).pathname })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/png')

    const second = await post('  The roof is closed: thank you all!  ')
    expect(second.statusCode).toBe(201)
    const page = (await list()).json<Page<EmergencyUpdate>>()
    expect(page.count).toBe(2)
    expect(page.results.map((u) => u.text)).toEqual([
      'The roof is closed: thank you all!',
      'We bought the tiles.',
    ])
    expect(page.results[1]).toEqual(posted)
  })

  it('refuses a missing or blank text, a text over 5,000 characters, a fifth image and a file that is no image, writing nothing', async () => {
    const files = await uploads()
    const cases: [Awaited<ReturnType<typeof post>>, number, string][] = [
      [await post(undefined), 400, 'text is required.'],
      [await post('   '), 400, 'text is required.'],
      [await post('x'.repeat(5001)), 400, 'text must be at most 5000 characters.'],
      [
        await post('Five photos', await Promise.all([1, 2, 3, 4, 5].map(() => image()))),
        413,
        'Too many images. At most 4 per update.',
      ],
      [
        await post('A script', [await image(Buffer.from('<script>alert(1)</script>'))]),
        415,
        'Unsupported file type. Upload JPEG, PNG or WebP images.',
      ],
    ]
    for (const [response, status, error] of cases) {
      expect(response.statusCode, error).toBe(status)
      expect(response.json().error).toBe(error)
    }
    expect(await post('x'.repeat(5000))).toHaveProperty('statusCode', 201)
    expect(await uploads()).toEqual(files)
  })

  it('lets only the owner post: others and admins 403, signed out 401, unknown or deleted emergencies 404', async () => {
    const deleted = await createEmergency(t.app, owner.bearer)
    await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${deleted.id}/`,
      headers: owner.bearer,
    })
    const files = await uploads()
    expect((await post('Not mine', [await image()], { who: other })).statusCode).toBe(403)
    expect((await post('Admins do not post', [], { who: admin })).statusCode).toBe(403)
    expect((await post('Who am I', [], { who: null })).statusCode).toBe(401)
    expect((await post('Nowhere', [], { id: 999_999 })).statusCode).toBe(404)
    expect((await post('Gone', [], { id: deleted.id })).statusCode).toBe(404)
    expect(await uploads()).toEqual(files)
  })

  it('refuses updates on a confirmed scam (409), whose updates only its owner and admins still read', async () => {
    const scam = await createEmergency(t.app, owner.bearer)
    expect((await post('Before the review', [], { id: scam.id })).statusCode).toBe(201)
    await confirmScam(t.app, scam.id, admin.bearer)
    const refused = await post('After the review', [], { id: scam.id })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('under_review')
    expect((await list('', scam.id)).statusCode).toBe(404)
    for (const who of [owner, admin]) {
      const seen = await t.app.inject({ method: 'GET', url: updatesUrl(scam.id), headers: who.bearer })
      expect(seen.json<Page<EmergencyUpdate>>().count).toBe(1)
    }
  })
})

describe('reading updates', () => {
  it('pages them newest first, with links to the other pages', async () => {
    const paged = await createEmergency(t.app, owner.bearer)
    for (const text of ['one', 'two', 'three']) await post(text, [], { id: paged.id })
    const first = (await list('?page_size=2', paged.id)).json<Page<EmergencyUpdate>>()
    expect(first.count).toBe(3)
    expect(first.results.map((u) => u.text)).toEqual(['three', 'two'])
    expect(first.previous).toBeNull()
    const next = await t.app.inject({
      method: 'GET',
      url: new URL(first.next!).pathname + new URL(first.next!).search,
    })
    expect(next.json<Page<EmergencyUpdate>>()).toMatchObject({ next: null, results: [{ text: 'one' }] })
  })

  it('answers 404 for an unknown emergency and a deleted one', async () => {
    expect((await list('', 999_999)).statusCode).toBe(404)
    const deleted = await createEmergency(t.app, owner.bearer)
    await post('Soon gone', [], { id: deleted.id })
    await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${deleted.id}/`,
      headers: owner.bearer,
    })
    expect((await list('', deleted.id)).statusCode).toBe(404)
  })
})

describe('removing an update', () => {
  it('the owner removes one: it leaves the list, its photos are deleted and their bytes given back', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: owner.bearer })
    const ownerId = me.json<{ id: number }>().id
    const before = await storageUsed(t.db, ownerId)
    const files = await uploads()
    const update = (await post('With a photo', [await image(await png(40, 40))])).json<EmergencyUpdate>()
    expect(await storageUsed(t.db, ownerId)).toBeGreaterThan(before)
    expect((await uploads()).length).toBeGreaterThan(files.length)

    const removed = await remove(update, owner)
    expect(removed.statusCode).toBe(204)
    expect((await list()).json<Page<EmergencyUpdate>>().results.map((u) => u.id)).not.toContain(update.id)
    expect(await uploads()).toEqual(files)
    expect(await storageUsed(t.db, ownerId)).toBe(before)
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(update.images[0]!.image).pathname })).statusCode,
    ).toBe(404)
  })

  it('an admin may remove one too; another user 403, signed out 401, an unknown update or another emergency’s 404', async () => {
    const update = (await post('Moderated')).json<EmergencyUpdate>()
    expect((await remove(update, other)).statusCode).toBe(403)
    expect((await remove(update)).statusCode).toBe(401)
    const elsewhere = await createEmergency(t.app, owner.bearer)
    expect((await remove(update, owner, elsewhere.id)).statusCode).toBe(404)
    expect((await remove({ id: 999_999 }, owner)).statusCode).toBe(404)
    expect((await remove(update, admin)).statusCode).toBe(204)
    expect((await remove(update, admin)).statusCode).toBe(404)
  })
})
