// Share images (issue 34, N1): a proof image's link card and square icon are made once, at upload, beside its
// responsive copies, so GET /api/share-images/… reads a file. Images stored before then get theirs on first request,
// through the image queue and at most a few such renderings per client a minute.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../helpers/config'
import { createLedgerTestApp, type LedgerTestApp } from '../helpers/ledger'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

const RENDERS_PER_MINUTE = 2
let t: LedgerTestApp
beforeAll(async () => {
  const imageRender = { max: RENDERS_PER_MINUTE, windowMs: 60_000 }
  t = await createLedgerTestApp({ config: { rateLimits: { ...testConfig().rateLimits, imageRender } } })
})
afterAll(() => t.close())

const photo = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2e8b57' } })
    .jpeg()
    .toBuffer()

/** A new emergency's proof image: its stored name. */
async function proofImageName(): Promise<string> {
  const { bearer } = await registerAndSignIn(t.app)
  const emergency = await createEmergency(t.app, bearer, {}, [await photo()])
  return new URL(emergency.proof_images[0]!.image).pathname.split('/').pop()!
}
const shareImage = (name: string, shape: 'card' | 'square', remoteAddress = '198.51.100.9') =>
  t.app.inject({ method: 'GET', url: `/api/share-images/${name}/${shape}.webp`, remoteAddress })
const stem = (name: string) => name.slice(0, name.lastIndexOf('.'))
const uploaded = (file: string) => path.join(t.uploadsDir, file)

describe('share images', () => {
  it('are made at upload beside the image, and served from those files', async () => {
    const name = await proofImageName()
    const files = await fs.readdir(t.uploadsDir)
    expect(files).toEqual(expect.arrayContaining([`${stem(name)}-card.webp`, `${stem(name)}-square.webp`]))
    // The original is not read again: with it gone, both are still served.
    await fs.rm(uploaded(name))
    const card = await shareImage(name, 'card')
    expect(card.statusCode).toBe(200)
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 630,
    })
    const square = await shareImage(name, 'square')
    expect(await sharp(square.rawPayload).metadata()).toMatchObject({ width: 600, height: 600 })
  })

  it('of an image stored before them are made on first request, at most a few per client a minute', async () => {
    const older = await Promise.all([proofImageName(), proofImageName()])
    for (const name of older)
      for (const shape of ['card', 'square']) await fs.rm(uploaded(`${stem(name)}-${shape}.webp`))

    expect((await shareImage(older[0]!, 'card')).statusCode).toBe(200)
    expect((await shareImage(older[0]!, 'square')).statusCode).toBe(200)
    const refused = await shareImage(older[1]!, 'card')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Made once, kept: serving them again renders nothing, and another client is not held back.
    await expect(fs.stat(uploaded(`${stem(older[0]!)}-card.webp`))).resolves.toBeDefined()
    expect((await shareImage(older[0]!, 'card')).statusCode).toBe(200)
    expect((await shareImage(older[1]!, 'card', '198.51.100.10')).statusCode).toBe(200)
  })
})
