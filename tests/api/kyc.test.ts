// KYC: submit with a private ID image, my status (also in users/me), the admin queue and review.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { AdminKycSubmission, KycSubmission } from '../../api-contract/kyc'
import { diskStore } from '../../server/storage'
import { createTestApp, type TestApp } from '../helpers/app'
import { register, registerAndSignIn, testWallet } from '../helpers/wallet'
import { kycForm, submitKyc } from './airdrops-fixtures'
import { multipart } from './emergencies-fixtures'

type Headers = Record<string, string>
const adminWallet = testWallet()
let t: TestApp
let privateDir: string
let uploadsDir: string
let alice: Headers
let bob: Headers
let admin: Headers
beforeAll(async () => {
  privateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-private-'))
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-uploads-'))
  t = await createTestApp({
    config: { adminWallets: new Set([adminWallet.address]) },
    deps: { privateStorage: diskStore(privateDir), storage: diskStore(uploadsDir) },
  })
  ;[alice, bob] = await Promise.all([registerAndSignIn(t.app), registerAndSignIn(t.app)]).then((u) =>
    u.map((x) => x.bearer),
  )
  admin = { authorization: `Bearer ${(await register(t.app, adminWallet)).access}` }
})
afterAll(async () => {
  await t.close()
  await fs.rm(privateDir, { recursive: true, force: true })
  await fs.rm(uploadsDir, { recursive: true, force: true })
})

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers })
const post = (url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object })
const submit = async (headers: Headers, over: Record<string, string> = {}, image?: Buffer) => {
  const form = await kycForm(over, image)
  return post('/api/airdrop/kyc/submit/', { ...headers, ...form.headers }, form.payload)
}
const imagePath = (kyc: KycSubmission) => new URL(kyc.id_image).pathname

describe('KYC submission', () => {
  let kyc: KycSubmission
  it('answers not_submitted before any submission, with or without the trailing slash', async () => {
    expect((await get('/api/airdrop/kyc/me/', alice)).json()).toEqual({ status: 'not_submitted' })
    expect((await get('/api/airdrop/kyc/me', alice)).json()).toEqual({ status: 'not_submitted' })
    expect((await get('/api/users/me/', alice)).json()).toMatchObject({ kyc: { status: 'not_submitted' } })
  })

  it('stores a pending submission with passport as the default id type', async () => {
    const response = await submit(alice)
    expect(response.statusCode).toBe(201)
    kyc = response.json()
    expect(kyc).toMatchObject({
      full_name: 'Ada Lovelace',
      country: 'UK',
      id_type: 'passport',
      status: 'pending',
      rejection_reason: null,
    })
    expect((await get('/api/airdrop/kyc/me', alice)).json()).toEqual(kyc)
    expect((await get('/api/users/me/', alice)).json()).toMatchObject({ kyc: { status: 'pending' } })
  })

  it('keeps the ID image out of the public uploads and the public media route', async () => {
    expect(await fs.readdir(uploadsDir)).toEqual([])
    const [name] = await fs.readdir(privateDir)
    expect(name).toMatch(/\.png$/)
    expect((await get(`/api/media/${name}`)).statusCode).toBe(404)
    expect(kyc.id_image).not.toContain(name)
  })

  it('serves the ID image to its owner and admins only, privately', async () => {
    expect((await get(imagePath(kyc))).statusCode).toBe(401)
    const stranger = await get(imagePath(kyc), bob)
    expect(stranger.statusCode).toBe(403)
    expect(stranger.headers['content-type']).toContain('application/json')
    for (const who of [alice, admin]) {
      const response = await get(imagePath(kyc), who)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(response.headers['cache-control']).toBe('private, no-store')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['content-disposition']).toMatch(/^inline; filename=/)
      expect((await sharp(response.rawPayload).metadata()).format).toBe('png')
    }
  })

  it('refuses a second submission while one is pending', async () => {
    const response = await submit(alice)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      error: 'KYC already submitted and under review or approved.',
      code: 'kyc_already_submitted',
    })
  })

  it('validates the fields and the image by its bytes', async () => {
    expect((await submit(bob, { full_name: '  ' })).statusCode).toBe(400)
    expect((await submit(bob, { id_type: 'library_card' })).statusCode).toBe(400)
    const noImage = multipart({ full_name: 'B', country: 'FR', full_address: 'Paris' })
    expect(
      (await post('/api/airdrop/kyc/submit/', { ...bob, ...noImage.headers }, noImage.payload)).json(),
    ).toMatchObject({ error: 'id_image is required.' })
    const script = await submit(bob, {}, Buffer.from('<script>alert(1)</script>'))
    expect(script.statusCode).toBe(415)
    // An image's header, then more bytes than a file may have (a file that is not an image is refused at once).
    const header = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer()
    const huge = await submit(bob, {}, Buffer.concat([header, Buffer.alloc(5 * 1024 * 1024, 1)]))
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({ error: 'File too large. Maximum allowed size is 5MB.' })
    expect((await get('/api/airdrop/kyc/me/', bob)).json()).toEqual({ status: 'not_submitted' })
  })

  it('needs a signed-in user', async () => {
    const form = await kycForm()
    expect((await post('/api/airdrop/kyc/submit/', form.headers, form.payload)).statusCode).toBe(401)
    expect((await get('/api/airdrop/kyc/me/')).statusCode).toBe(401)
  })
})

describe('KYC review by an admin', () => {
  it('lists pending submissions to admins only', async () => {
    expect((await get('/api/airdrop/admin/kyc-submissions/')).statusCode).toBe(401)
    expect((await get('/api/airdrop/admin/kyc-submissions/', alice)).statusCode).toBe(403)
    const page = (await get('/api/airdrop/admin/kyc-submissions/', admin)).json<Page<AdminKycSubmission>>()
    expect(page.count).toBe(1)
    expect(page.results[0]).toMatchObject({ full_name: 'Ada Lovelace', status: 'pending' })
    expect(page.results[0]?.wallet_address).toBeTypeOf('string')
  })

  it('lets only admins review, and rejecting needs a non-blank reason', async () => {
    const id = (await get('/api/airdrop/kyc/me/', alice)).json<KycSubmission>().id
    expect((await post(`/api/airdrop/kyc/review/${id}/`, {}, { action: 'approve' })).statusCode).toBe(401)
    expect((await post(`/api/airdrop/kyc/review/${id}/`, alice, { action: 'approve' })).statusCode).toBe(403)
    const blank = await post(`/api/airdrop/kyc/review/${id}/`, admin, { action: 'reject', reason: '  ' })
    expect(blank.statusCode).toBe(400)
    const rejected = await post(`/api/airdrop/kyc/review/${id}/`, admin, {
      action: 'reject',
      reason: 'Blurry',
    })
    expect(rejected.statusCode).toBe(200)
    expect((await get('/api/airdrop/kyc/me/', alice)).json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Blurry',
    })
    expect((await get('/api/users/me/', alice)).json()).toMatchObject({ kyc: { status: 'rejected' } })
    const again = await post(`/api/airdrop/kyc/review/${id}/`, admin, { action: 'approve' })
    expect(again.statusCode).toBe(409)
    expect((await post('/api/airdrop/kyc/review/999999/', admin, { action: 'approve' })).statusCode).toBe(404)
  })

  it('accepts a resubmission after a rejection, and approval is final', async () => {
    const second = await submitKyc(t.app, alice, { id_type: 'national_id' })
    expect(second).toMatchObject({ status: 'pending', id_type: 'national_id' })
    expect(
      (await post(`/api/airdrop/kyc/review/${second.id}/`, admin, { action: 'approve' })).statusCode,
    ).toBe(200)
    expect((await get('/api/users/me/', alice)).json()).toMatchObject({ kyc: { status: 'approved' } })
    expect((await submit(alice)).statusCode).toBe(409)
    const queue = (await get('/api/airdrop/admin/kyc-submissions/', admin)).json<Page<AdminKycSubmission>>()
    expect(queue.count).toBe(0)
  })
})

it('accepts only one of two simultaneous submissions by one user', async () => {
  const carol = (await registerAndSignIn(t.app)).bearer
  const statuses = (await Promise.all([submit(carol), submit(carol)])).map((r) => r.statusCode).sort()
  expect(statuses).toEqual([201, 409])
  const queue = (await get('/api/airdrop/admin/kyc-submissions/', admin)).json<Page<AdminKycSubmission>>()
  expect(queue.count).toBe(1)
  expect(await fs.readdir(privateDir)).toHaveLength(3)
})
