// Uploads are checked as they arrive (issue 34, N2 and N4): a file that is not an image is refused at its first bytes
// before the rest of the request is read, a request larger than its files may be is refused from its declared
// length, the bodies held in memory by all uploads together are bounded, and a request's images may declare at most
// MAX_REQUEST_PIXELS in all.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_REQUEST_PIXELS } from '../../server/storage/images'
import { createLedgerTestApp, type LedgerTestApp } from '../helpers/ledger'
import { registerAndSignIn } from '../helpers/wallet'
import { emergencyFields, type FilePart, multipart } from './emergencies-fixtures'

const BODIES_BYTES = 3 * 1024 * 1024
let t: LedgerTestApp
let bearer: { authorization: string }
beforeAll(async () => {
  t = await createLedgerTestApp({ config: { uploadBodiesBytes: BODIES_BYTES } })
  ;({ bearer } = await registerAndSignIn(t.app))
})
afterAll(() => t.close())

const file = (body: Buffer, name = 'proof_images'): FilePart => ({
  name,
  filename: 'upload.png',
  contentType: 'image/png',
  body,
})
const postForm = (url: string, form: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer, ...form.headers }, payload: form.payload })
const create = (files: FilePart[]) => postForm('/api/emergency/create/', multipart(emergencyFields(), files))
const uploadedFiles = async () => (await fs.readdir(t.uploadsDir)).length
/** A PNG of random pixels: about 3 bytes per pixel, whatever the compression. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()

describe('a multipart upload, as it arrives', () => {
  it('is refused (415) at the first bytes of a file that is not an image, before the files after it are read', async () => {
    const before = await uploadedFiles()
    // Read whole, the 6 MB file after it would be refused first, as too large (413).
    const response = await create([file(randomBytes(64 * 1024)), file(Buffer.alloc(6 * 1024 * 1024, 1))])
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({
      error: 'Unsupported file type. Upload JPEG, PNG or WebP images.',
    })
    expect(await uploadedFiles()).toBe(before)
  })

  it('is refused (413) from its declared length when it is larger than its files may be, without being read', async () => {
    const form = multipart({ full_name: 'Ada Lovelace', country: 'UK', full_address: '1 Street' }, [
      file(Buffer.alloc(4 * 1024 * 1024, 1), 'id_image'),
      file(Buffer.alloc(4 * 1024 * 1024, 1), 'id_image'),
    ])
    const response = await postForm('/api/airdrop/kyc/submit/', form)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: 'Upload too large. At most 6 MB per request.' })
    expect(response.headers.connection).toBe('close')
  })

  it('is answered 429 uploads_busy with Retry-After when the bodies in flight would pass UPLOAD_BODIES_MB, and the memory is let go after', async () => {
    const large = await noise(1100, 1100) // about 3.6 MB, more than the 3 MB all uploads may hold
    expect(large.length).toBeGreaterThan(BODIES_BYTES)
    const refused = await create([file(large)])
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'uploads_busy' })
    expect(refused.headers['retry-after']).toBe('5')
    const fits = await noise(600, 600)
    const results = [await create([file(fits)]), await create([file(fits)])]
    expect(results.map((r) => r.statusCode)).toEqual([201, 201])
  })

  it('lets go of the memory of each upload however its content type is written', async () => {
    const image = await noise(600, 600) // about 1.1 MB: three held at once would pass the 3 MB
    for (const type of ['Multipart/Form-Data', 'MULTIPART/FORM-DATA', 'multipart/form-data']) {
      const form = multipart(emergencyFields(), [file(image)])
      const contentType = form.headers['content-type']!.replace('multipart/form-data', type)
      const created = await postForm('/api/emergency/create/', {
        ...form,
        headers: { ...form.headers, 'content-type': contentType },
      })
      expect(created.statusCode, `${type}: ${created.body}`).toBe(201)
    }
  })

  it(`refuses (413) images that declare more than ${MAX_REQUEST_PIXELS / 1e6} MP together, from their headers`, async () => {
    // Nine WebP images of 15 MP each: every one under the 16 MP cap, 135 MP in all.
    const side = Math.floor(Math.sqrt(15_000_000))
    const image = await sharp({ create: { width: side, height: side, channels: 3, background: '#123456' } })
      .webp({ quality: 1, effort: 0 })
      .toBuffer()
    const before = await uploadedFiles()
    const started = performance.now()
    const response = await create(
      Array.from({ length: 9 }, () => ({ ...file(image), contentType: 'image/webp' })),
    )
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({
      error: `Images too large together. At most ${MAX_REQUEST_PIXELS / 1e6} megapixels per upload.`,
    })
    expect(performance.now() - started).toBeLessThan(5_000) // nothing was decoded
    expect(await uploadedFiles()).toBe(before)
  }, 120_000)

  it('reads the size of a JPEG whose frame comes after 1 MB of metadata once the file is all there', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#345678' } })
      .jpeg()
      .toBuffer()
    // Sixteen APP15 segments of 64 KB between the start of image and the rest: the frame is past the first 512 KB.
    const segment = Buffer.concat([Buffer.from([0xff, 0xef, 0xff, 0xff]), Buffer.alloc(0xfffd, 0x20)])
    const padded = (image: Buffer) =>
      Buffer.concat([image.subarray(0, 2), ...Array<Buffer>(16).fill(segment), image.subarray(2)])
    const jpegFile = (body: Buffer) => ({ ...file(body), filename: 'padded.jpg', contentType: 'image/jpeg' })
    const taken = await create([jpegFile(padded(jpeg))])
    expect(taken.statusCode, taken.body).toBe(201)

    // The same file declaring 5000 × 5000 pixels in its frame: refused from the header, never decoded.
    const flood = Buffer.from(jpeg)
    const frame = flood.indexOf(Buffer.from([0xff, 0xc0]))
    flood.writeUInt16BE(5000, frame + 5)
    flood.writeUInt16BE(5000, frame + 7)
    const refused = await create([jpegFile(padded(flood))])
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ error: 'Image too large. Maximum 16 megapixels.' })
  })
})
