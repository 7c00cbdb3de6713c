// Emergencies through the API: create with proof images (and every refusal), owner-only edit and delete, media.
import fs from 'node:fs/promises'
import zlib from 'node:zlib'
import { Keypair } from '@solana/web3.js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { createLedgerTestApp, type LedgerTestApp, payingUser, type PayingUser } from '../helpers/ledger'
import { createEmergency, emergencyFields, jpeg, multipart, png, proofImage } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let stranger: PayingUser
beforeAll(async () => {
  t = await createLedgerTestApp()
  ;[owner, stranger] = await Promise.all([payingUser(t, 0), payingUser(t, 0)])
})
afterAll(async () => {
  await t.close()
})

const uploads = async () => (await fs.readdir(t.uploadsDir).catch(() => [])).sort()

async function postCreate(fields: Record<string, string>, files: Awaited<ReturnType<typeof proofImage>>[]) {
  const form = multipart(fields, files)
  return t.app.inject({
    method: 'POST',
    url: '/api/emergency/create/',
    headers: { ...owner.bearer, ...form.headers },
    payload: form.payload,
  })
}

async function fetchImage(url: string) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname })
}

describe('POST /api/emergency/create/', () => {
  it('creates an emergency with its proof images, served back as images with safe headers', async () => {
    const fields = emergencyFields({ video_url: 'https://www.youtube.com/watch?v=abc123' })
    const response = await postCreate(fields, [
      await proofImage(),
      { name: 'proof_images', filename: 'b.jpg', contentType: 'image/jpeg', body: await jpeg() },
    ])
    expect(response.statusCode).toBe(201)
    const created = response.json<Emergency>()
    expect(created).toMatchObject({
      title: fields.title,
      sol_goal: '10',
      deadline: fields.deadline,
      receiving_wallet: fields.receiving_wallet,
      video_url: 'https://www.youtube.com/watch?v=abc123',
      total_donated: '0',
      donation_count: 0,
      is_featured: false,
      is_flagged: false,
      owner: { wallet_address: owner.address },
    })
    expect(created.proof_images).toHaveLength(2)
    const image = await fetchImage(created.proof_images[1]!.image)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    expect(image.headers['cache-control']).toContain('immutable')
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg')

    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${created.id}` })
    expect(detail.json()).toEqual(created)
  })

  it('requires a signed-in user', async () => {
    const form = multipart(emergencyFields(), [await proofImage()])
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/create/',
      headers: form.headers,
      payload: form.payload,
    })
    expect(response.statusCode).toBe(401)
  })

  it('refuses an emergency without a proof image', async () => {
    const response = await postCreate(emergencyFields(), [])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'proof_images_required' })
  })

  it('refuses an SVG whatever its name and declared type says, and writes no file', async () => {
    const before = await uploads()
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const response = await postCreate(emergencyFields(), [
      await proofImage(),
      { name: 'proof_images', filename: 'x.png', contentType: 'image/png', body: svg },
    ])
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' })
    expect(await uploads()).toEqual(before)
  })

  it('re-encodes a PNG with a script appended: the stored bytes differ and still decode as a PNG', async () => {
    const clean = await png(20, 20)
    const polyglot = Buffer.concat([clean, Buffer.from('<script>alert(document.cookie)</script>')])
    const response = await postCreate(emergencyFields(), [await proofImage(polyglot)])
    expect(response.statusCode).toBe(201)
    const stored = (await fetchImage(response.json<Emergency>().proof_images[0]!.image)).rawPayload
    expect(stored.equals(polyglot)).toBe(false)
    expect(stored.includes('<script>')).toBe(false)
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 20, height: 20 })
  })

  it('answers 413 for a file of 5 MB + 1 byte and leaves no file on disk', async () => {
    const before = await uploads()
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 1 - (await png()).length)])
    expect(big.length).toBe(5 * 1024 * 1024 + 1)
    const response = await postCreate(emergencyFields(), [await proofImage(), await proofImage(big)])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({
      error: 'File too large. Maximum allowed size is 5MB.',
      code: 'payload_too_large',
    })
    expect(await uploads()).toEqual(before)
  })

  it('refuses more than 10 proof images with 413 and writes no file', async () => {
    const before = await uploads()
    const image = await proofImage()
    const response = await postCreate(
      emergencyFields(),
      Array.from({ length: 11 }, () => image),
    )
    expect(response.statusCode).toBe(413)
    expect(await uploads()).toEqual(before)
  })

  it('refuses a pixel flood: a small PNG declaring 50 000 × 50 000 pixels', async () => {
    const flood = Buffer.from(await png())
    flood.writeUInt32BE(50_000, 16) // IHDR width
    flood.writeUInt32BE(50_000, 20) // IHDR height
    flood.writeUInt32BE(zlib.crc32(flood.subarray(12, 29)), 29)
    const response = await postCreate(emergencyFields(), [await proofImage(flood)])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: 'payload_too_large' })
  })

  it('refuses a video link that is not YouTube or Vimeo', async () => {
    const response = await postCreate(emergencyFields({ video_url: 'https://evil.example/watch?v=1' }), [
      await proofImage(),
    ])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_video_url' })
  })

  it('refuses a receiving wallet that is not a base58 Ed25519 public key', async () => {
    for (const wallet of ['not-a-wallet', '0OIl' + 'x'.repeat(40)]) {
      const response = await postCreate(emergencyFields({ receiving_wallet: wallet }), [await proofImage()])
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_wallet' })
    }
  })

  it('refuses a missing title, a goal of zero and a malformed deadline', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: '  ' }, 'validation_error'],
      [{ sol_goal: '0' }, 'invalid_amount'],
      [{ sol_goal: 'ten' }, 'invalid_amount'],
      [{ deadline: '2026-02-30' }, 'invalid_deadline'],
    ]
    for (const [over, code] of cases) {
      const response = await postCreate(emergencyFields(over), [await proofImage()])
      expect(response.statusCode, JSON.stringify(over)).toBe(400)
      expect(response.json()).toMatchObject({ code })
    }
  })
})

describe('PATCH /api/emergency/update/{id}/ and DELETE /api/emergency/delete/{id}/', () => {
  it('lets the owner edit fields, add an image and delete one of its images', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const oldImage = e.proof_images[0]!
    const form = multipart(
      { title: 'New title', sol_goal: '12.5', delete_images: JSON.stringify([oldImage.id]) },
      [await proofImage()],
    )
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${e.id}/`,
      headers: { ...owner.bearer, ...form.headers },
      payload: form.payload,
    })
    expect(response.statusCode).toBe(200)
    const updated = response.json<Emergency>()
    expect(updated).toMatchObject({ title: 'New title', sol_goal: '12.5', description: e.description })
    expect(updated.proof_images).toHaveLength(1)
    expect(updated.proof_images[0]!.id).not.toBe(oldImage.id)
    expect((await fetchImage(oldImage.image)).statusCode).toBe(404)
  })

  it('accepts a JSON edit without files', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${e.id}`,
      headers: owner.bearer,
      payload: { description: 'Updated description' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ description: 'Updated description' })
  })

  it("refuses to delete an image of another emergency or the emergency's last image", async () => {
    const mine = await createEmergency(t.app, owner.bearer)
    const theirs = await createEmergency(t.app, stranger.bearer)
    for (const ids of [[theirs.proof_images[0]!.id], [mine.proof_images[0]!.id]]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/emergency/update/${mine.id}/`,
        headers: owner.bearer,
        payload: { delete_images: JSON.stringify(ids) },
      })
      expect(response.statusCode).toBe(400)
    }
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${theirs.id}/` })
    expect(detail.json<Emergency>().proof_images).toHaveLength(1)
  })

  it('answers 403 when another user edits or deletes, and changes nothing', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${e.id}/`,
      headers: stranger.bearer,
      payload: { receiving_wallet: stranger.address },
    })
    expect(edit.statusCode).toBe(403)
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${e.id}/`,
      headers: stranger.bearer,
    })
    expect(remove.statusCode).toBe(403)
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${e.id}/` })
    expect(detail.json()).toMatchObject({ receiving_wallet: e.receiving_wallet })
  })

  it('deletes for the owner: the emergency answers 404 and leaves the lists', async () => {
    const e = await createEmergency(t.app, owner.bearer, { title: 'Soon deleted' })
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${e.id}/`,
      headers: owner.bearer,
    })
    expect(remove.statusCode).toBe(200)
    expect(remove.json()).toEqual({ message: 'Emergency deleted.' })
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${e.id}/` })
    expect(detail.statusCode).toBe(404)
    expect(detail.json()).toMatchObject({ error: 'Emergency not found.' })
    const list = await t.app.inject({ method: 'GET', url: '/api/emergency/list/?search=Soon%20deleted' })
    expect(list.json()).toMatchObject({ count: 0, results: [] })
  })

  it('answers 404 for an unknown emergency', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/emergency/detail/999999/' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'Emergency not found.', code: 'not_found' })
  })
})

describe('GET /api/media/{name}', () => {
  it('answers 404 for names the server did not generate and lists no folder', async () => {
    for (const url of ['/api/media/', '/api/media/..%2F..%2Fetc%2Fpasswd', '/api/media/x.png']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
    }
  })
})

it('creates with a wallet generated by web3.js (sanity of the wallet check)', async () => {
  const e = await createEmergency(t.app, owner.bearer, {
    receiving_wallet: Keypair.generate().publicKey.toBase58(),
  })
  expect(e.id).toBeGreaterThan(0)
})
