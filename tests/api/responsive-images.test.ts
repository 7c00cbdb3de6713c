// Responsive proof images (issue 10): each stored proof image has WebP copies at a few widths, listed in the
// answer for srcset, served by the media route, removed with their image, and made on first request for images
// stored before copies existed.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { PROOF_IMAGE_WIDTHS } from '../../server/storage/image-variants'
import { createLedgerTestApp, type LedgerTestApp } from '../helpers/ledger'
import { registerAndSignIn } from '../helpers/wallet'
import { emergencyFields, multipart, proofImage } from './emergencies-fixtures'

let t: LedgerTestApp
beforeAll(async () => {
  t = await createLedgerTestApp()
})
afterAll(() => t.close())

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toBuffer()

async function create(
  images: Buffer[],
): Promise<{ emergency: Emergency; bearer: { authorization: string } }> {
  const { bearer } = await registerAndSignIn(t.app)
  const form = multipart(
    emergencyFields(),
    await Promise.all(images.map((body) => proofImage(body, 'photo.jpg'))),
  )
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/emergency/create/',
    headers: { ...bearer, ...form.headers },
    payload: form.payload,
  })
  expect(response.statusCode, response.body).toBe(201)
  return { emergency: response.json<Emergency>(), bearer }
}

const get = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname })
const fileOf = (url: string) => path.join(t.uploadsDir, path.basename(new URL(url).pathname))
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  )

describe('responsive proof images', () => {
  it('lists a WebP copy per width, each at most that wide, served immutable', async () => {
    const { emergency } = await create([await photo(1800, 1200)])
    const [image] = emergency.proof_images
    expect(image!.variants?.map((v) => v.width)).toEqual([...PROOF_IMAGE_WIDTHS])
    for (const variant of image!.variants!) {
      const response = await get(variant.image)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/webp')
      expect(response.headers['cache-control']).toContain('immutable')
      const meta = await sharp(response.rawPayload).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: (variant.width * 2) / 3 })
    }
    const original = await sharp((await get(image!.image)).rawPayload).metadata()
    expect(original).toMatchObject({ format: 'jpeg', width: 1800 })
  })

  it('never enlarges a small image', async () => {
    const { emergency } = await create([await photo(300, 200)])
    const largest = emergency.proof_images[0]!.variants!.at(-1)!
    expect(await sharp((await get(largest.image)).rawPayload).metadata()).toMatchObject({ width: 300 })
  })

  it('removes the copies with their image', async () => {
    const { emergency, bearer } = await create([await photo(800, 600), await photo(800, 600)])
    const [dropped] = emergency.proof_images
    expect(await exists(fileOf(dropped!.variants![0]!.image))).toBe(true)
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${emergency.id}/`,
      headers: bearer,
      payload: { delete_images: [dropped!.id] },
    })
    expect(response.statusCode, response.body).toBe(200)
    for (const variant of dropped!.variants!) expect(await exists(fileOf(variant.image))).toBe(false)
    expect((await get(dropped!.variants![0]!.image)).statusCode).toBe(404)
  })

  it('makes a missing copy from its original on first request (images stored before copies existed)', async () => {
    const { emergency } = await create([await photo(1000, 500)])
    const variant = emergency.proof_images[0]!.variants![0]!
    await fs.rm(fileOf(variant.image))
    const response = await get(variant.image)
    expect(response.statusCode).toBe(200)
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 })
    expect(await exists(fileOf(variant.image))).toBe(true)
  })

  it('answers 404 for a copy of no image and for a width it does not make', async () => {
    const { emergency } = await create([await photo(600, 400)])
    const copy = emergency.proof_images[0]!.variants![0]!.image
    expect((await get(copy.replace(/^(.*\/)[0-9a-f]{8}/, '$1deadbeef'))).statusCode).toBe(404)
    expect((await get(copy.replace('-w480', '-w500'))).statusCode).toBe(404)
  })
})
