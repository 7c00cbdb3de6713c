// Finding 3 of the hardening review (issue 11): one 835 KB request with 10 × 36-megapixel WebP images cost 23.5 s
// of CPU, and create/update had no rate limit. Now: both are rate-limited like every upload, images above 16 MP are
// refused from their header before any pixel is decoded, stored images are scaled to fit 2048 px, and each user has
// a storage quota. (The CPU and concurrent-read figures are in `npm run bench`: bench/uploads.bench.ts.)
import fs from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { UPLOAD_RATE_LIMIT } from '../../server/lib/route-schema'
import { createLedgerTestApp, type LedgerTestApp } from '../helpers/ledger'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency, emergencyFields, multipart, png, proofImage } from './emergencies-fixtures'

const QUOTA = 600 * 1024
let t: LedgerTestApp
beforeAll(async () => {
  t = await createLedgerTestApp({ config: { uploadQuotaBytes: QUOTA } })
})
afterAll(() => t.close())

type Bearer = { authorization: string }
const create = async (bearer: Bearer, images: Buffer[], remoteAddress = '127.0.0.1') => {
  const form = multipart(
    emergencyFields(),
    await Promise.all(images.map((body) => proofImage(body, 'proof.webp'))),
  )
  return t.app.inject({
    method: 'POST',
    url: '/api/emergency/create/',
    headers: { ...bearer, ...form.headers },
    payload: form.payload,
    remoteAddress,
  })
}
const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .webp({ quality: 1, effort: 0 })
    .toBuffer()
const noise = (side: number) =>
  sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png()
    .toBuffer()
const uploadedFiles = async () => (await fs.readdir(t.uploadsDir)).length

describe('pixel cap and downscaling', () => {
  it("refuses a 36-megapixel WebP with 413 from its header, and stores none of the request's images", async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const flood = await webp(6000, 6000)
    const before = await uploadedFiles()
    const response = await create(bearer, [await png(8, 8), flood])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: 'Image too large. Maximum 16 megapixels.' })
    expect(await uploadedFiles()).toBe(before)
  })

  it('accepts an image at the cap and stores it scaled to fit 2048 px, in its own format', async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const response = await create(bearer, [await webp(4000, 4000)])
    expect(response.statusCode, response.body).toBe(201)
    const url = new URL(response.json<Emergency>().proof_images[0]!.image).pathname
    const stored = (await t.app.inject({ method: 'GET', url })).rawPayload
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 2048, height: 2048 })
  })

  it('keeps a small image at its size', async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const response = await create(bearer, [await png(300, 200)])
    const url = new URL(response.json<Emergency>().proof_images[0]!.image).pathname
    const stored = (await t.app.inject({ method: 'GET', url })).rawPayload
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 })
  })
})

describe('rate limits', () => {
  it(`allows ${UPLOAD_RATE_LIMIT.max} creates and ${UPLOAD_RATE_LIMIT.max} edits per client in 10 minutes, then 429`, async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const ip = '192.0.2.31'
    const image = await png(8, 8)
    const statuses: number[] = []
    for (let i = 0; i <= UPLOAD_RATE_LIMIT.max; i++)
      statuses.push((await create(bearer, [image], ip)).statusCode)
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true)
    expect(statuses.at(-1)).toBe(429)

    const mine = await createEmergency(t.app, bearer)
    const edit = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/emergency/update/${mine.id}/`,
        headers: bearer,
        payload: { title: 'Edited' },
        remoteAddress: '192.0.2.32',
      })
    const edits: number[] = []
    for (let i = 0; i <= UPLOAD_RATE_LIMIT.max; i++) edits.push((await edit()).statusCode)
    expect(edits.at(-2)).toBe(200)
    expect(edits.at(-1)).toBe(429)
    t.clock.advance(UPLOAD_RATE_LIMIT.timeWindow)
    expect((await edit()).statusCode).toBe(200)
  })
})

describe('per-user storage quota', () => {
  it('refuses an upload that would pass the quota, keeps no file of it, and frees space when images are deleted', async () => {
    const { bearer } = await registerAndSignIn(t.app)
    const big = await noise(260) // about 200 KB as PNG, kept as PNG
    const first = await create(bearer, [big, big])
    expect(first.statusCode, first.body).toBe(201)
    const before = await uploadedFiles()
    const over = await create(bearer, [big, big])
    expect(over.statusCode).toBe(413)
    expect(over.json()).toMatchObject({ code: 'storage_quota_exceeded' })
    expect(await uploadedFiles()).toBe(before)

    const emergency = first.json<Emergency>()
    const dropped = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${emergency.id}/`,
      headers: bearer,
      payload: { delete_images: [emergency.proof_images[0]!.id] },
    })
    expect(dropped.statusCode, dropped.body).toBe(200)
    expect((await create(bearer, [big])).statusCode).toBe(201)
  })

  it('counts each user separately', async () => {
    const { bearer } = await registerAndSignIn(t.app)
    expect((await create(bearer, [await noise(260)])).statusCode).toBe(201)
  })
})
