// Uploads in an S3-compatible bucket (STORAGE_URL=s3://…, server/storage/s3-store.ts) instead of the disk: the
// stores `npm start` opens for that URL, against the S3-compatible server of the tests (tests/helpers/s3-server.ts).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KycSubmission } from '../../api-contract/kyc'
import { parseStorageUrl, type S3Location } from '../../server/config/storage-url'
import { rowsOf } from '../../server/db/client'
import { copyDiskToBucket } from '../../server/storage/copy-to-bucket'
import { diskStore } from '../../server/storage'
import { recoverFiles } from '../../server/storage/file-journal'
import { generatedName } from '../../server/storage/file-store'
import { diskFolder, openBucketStores } from '../../server/storage/open-storage'
import type { BucketStore } from '../../server/storage/s3-store'
import { createTestApp, type TestApp } from '../helpers/app'
import { type S3Server, startS3Server } from '../helpers/s3-server'
import { registerAndSignIn } from '../helpers/wallet'
import { kycForm } from './airdrops-fixtures'
import { createEmergency, emergencyFields, multipart, proofImage } from './emergencies-fixtures'

let s3: S3Server
let location: S3Location
let stores: Record<'public' | 'private', BucketStore>
let t: TestApp
let alice: { authorization: string }
let bob: { authorization: string }
const credentials = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'] as const

beforeAll(async () => {
  s3 = await startS3Server()
  // The SDK reads its credentials from the environment, as on a deployed instance.
  for (const name of credentials) process.env[name] = s3.env[name]
  location = parseStorageUrl(s3.storageUrl, []) as S3Location
  stores = await openBucketStores(location)
  t = await createTestApp({ deps: { storage: stores.public, privateStorage: stores.private } })
  const [first, second] = await Promise.all([registerAndSignIn(t.app), registerAndSignIn(t.app)])
  alice = first.bearer
  bob = second.bearer
})
afterAll(async () => {
  await t?.close()
  await s3?.stop()
  for (const name of credentials) delete process.env[name]
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const count = async (query: ReturnType<typeof sql>) =>
  Number((rowsOf(await t.db.execute(query))[0] as { n: string }).n)

describe('uploads in an S3-compatible bucket', () => {
  it('keeps a proof image in the bucket and serves it from there with immutable caching, never by a bucket URL', async () => {
    const emergency = await createEmergency(t.app, alice)
    const url = new URL(emergency.proof_images[0]!.image)
    const name = url.pathname.split('/').pop()!
    expect(url.pathname).toBe(`/api/media/${name}`)
    expect(JSON.stringify(emergency)).not.toContain(location.endpoint!)
    expect(await stores.public.sizeOf(name)).toBeGreaterThan(0)

    const served = await get(url.pathname)
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.rawPayload.equals((await stores.public.get(name))!.body)).toBe(true)
  })

  it('keeps a KYC ID image private in the bucket, served to its owner only', async () => {
    const form = await kycForm()
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/airdrop/kyc/submit/',
      headers: { ...alice, ...form.headers },
      payload: form.payload,
    })
    expect(submitted.statusCode).toBe(201)
    const kyc = submitted.json<KycSubmission>()
    const imagePath = new URL(kyc.id_image).pathname
    expect((await get(imagePath)).statusCode).toBe(401)
    expect((await get(imagePath, bob)).statusCode).toBe(403)
    const own = await get(imagePath, alice)
    expect(own.statusCode).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-store')
    const stored = rowsOf(await t.db.execute(sql`select id_image_name as name from kyc_submissions`)) as {
      name: string
    }[]
    expect(await stores.private.sizeOf(stored[0]!.name)).toBe(own.rawPayload.length)
    expect(await stores.public.sizeOf(stored[0]!.name)).toBeUndefined()
  })

  it('answers 503 while the bucket cannot be reached and stores nothing of the upload; its files go once the bucket is back', async () => {
    const before = await count(sql`select count(*) as n from emergencies`)
    const existing = await createEmergency(t.app, alice)
    await s3.pause()
    try {
      const form = multipart(emergencyFields(), [await proofImage()])
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/emergency/create/',
        headers: { ...alice, ...form.headers },
        payload: form.payload,
      })
      expect(refused.statusCode).toBe(503)
      expect(refused.json()).toMatchObject({ code: 'service_unavailable' })
      expect(refused.headers['retry-after']).toBeDefined()
      expect(await count(sql`select count(*) as n from emergencies`)).toBe(before + 1)
      const image = new URL(existing.proof_images[0]!.image).pathname
      expect((await get(image)).statusCode).toBe(503)
      // Its files could not be removed either: they stay journaled, due.
      expect(
        await count(sql`select count(*) as n from file_journal where remove_after <= now()`),
      ).toBeGreaterThan(0)
    } finally {
      await s3.resume()
    }
    // What the refused upload may have written is removed by the recovery, which could not reach the bucket then.
    await recoverFiles(t.db, stores)
    expect(await count(sql`select count(*) as n from file_journal`)).toBe(0)
  })

  it('copies a disk store into the bucket (npm run storage:migrate), and only what is missing when run again', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-migrate-'))
    try {
      const names = { public: generatedName('image/png'), private: generatedName('application/pdf') }
      await diskStore(diskFolder(dataDir, 'public')).put(names.public, Buffer.from('a proof image'))
      await diskStore(diskFolder(dataDir, 'private')).put(names.private, Buffer.from('%PDF- a document'))
      expect(await copyDiskToBucket(dataDir, stores)).toMatchObject({ copied: 2, present: 0 })
      expect((await stores.public.get(names.public))?.body.toString()).toBe('a proof image')
      expect((await stores.private.get(names.private))?.body.toString()).toBe('%PDF- a document')
      expect(await copyDiskToBucket(dataDir, stores)).toMatchObject({ copied: 0, present: 2 })
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
})
