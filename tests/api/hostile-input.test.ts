// Finding 8 of the hardening review (issue 11): inputs that used to answer 500 anonymously. Every integer is
// bounded by its schema, text with NUL or other control characters is a 400, amounts fit a BIGINT of lamports,
// lists are capped, and an unexpected error's log line carries no user text, IP or e-mail.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { type TestApp, createTestApp } from '../helpers/app'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency, emergencyFields, multipart, proofImage } from './emergencies-fixtures'

const logLines: string[] = []
let t: TestApp
let owner: { bearer: { authorization: string } }
let emergency: Emergency
beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'error' },
    deps: { logStream: { write: (line: string) => void logLines.push(line) } },
    extend: (app) => {
      // A route whose query fails inside PostgreSQL with the user's text among its parameters.
      app.post<{ Body: { email: string } }>('/api/test/failing-query/', async (request) => {
        await t.db.execute(sql`select ${request.body.email}::bigint`)
        return {}
      })
    },
  })
  owner = await registerAndSignIn(t.app)
  emergency = await createEmergency(t.app, owner.bearer)
})
afterAll(() => t.close())

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, payload, headers })
const expect400 = async (response: Awaited<ReturnType<typeof inject>>, code?: string) => {
  expect(response.statusCode, response.body).toBe(400)
  if (code) expect(response.json().code).toBe(code)
}

describe('integers beyond what a row id or a page can be', () => {
  it.each([
    '/api/emergency/list/?page=1e20',
    '/api/emergency/featured/?page=Infinity',
    '/api/emergency/list/?page_size=-Infinity',
    '/api/emergency/list/?page=99999999999999999999',
    '/api/emergency/public-donations/?page=1e300',
    '/api/airdrop/campaigns/?page=9007199254740993',
    '/api/emergency/detail/99999999999999999999/',
    '/api/emergency/detail/1e20/',
    '/api/emergency/9223372036854775808/donations/',
    '/api/airdrop/campaigns/18446744073709551616/',
  ])('GET %s answers 400', async (url) => {
    await expect400(await inject('GET', url), 'validation_error')
  })

  it.each([1e20, '1e20', 'Infinity', '-Infinity'])(
    'refuses {emergency_id: %s} in a JSON body with 400',
    async (id) => {
      const body = { emergency_id: id, amount: '0.1', tx_hash: '5'.repeat(88) }
      await expect400(await inject('POST', '/api/emergency/donate/', body, owner.bearer))
      await expect400(await inject('POST', '/api/emergency/boost/', body, owner.bearer))
    },
  )
})

describe('NUL and control characters in text', () => {
  it.each([
    ['flag reason', 'POST', `/api/emergency/${1}/flag/`, { reason: 'scam\u0000' }],
    ['feed search', 'GET', '/api/emergency/public-donations/?search=a%00b', undefined],
    ['list search', 'GET', '/api/emergency/list/?search=%00', undefined],
    [
      'e-mail',
      'POST',
      '/api/users/register/',
      { wallet_address: 'x', email: 'a\u0000@b.co', signature: 's', message: 'm' },
    ],
    ['chat message', 'POST', `/api/airdrop/chat/${crypto.randomUUID()}/send/`, { message: 'hi\u0000' }],
    ['a JSON key', 'POST', '/api/users/token/refresh/', { refresh: 'r', ['k\u0001']: 1 }],
  ] as const)('refuses a %s with control characters (400 invalid_text)', async (_what, method, url, body) => {
    await expect400(await inject(method, url, body, owner.bearer), 'invalid_text')
  })

  it('refuses a title with NUL in a JSON edit and in a multipart create', async () => {
    const url = `/api/emergency/update/${emergency.id}/`
    await expect400(await inject('PATCH', url, { title: 'Flood\u0000' }, owner.bearer), 'invalid_text')
    const form = multipart(emergencyFields({ title: 'Flood\u0007relief' }), [await proofImage()])
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/create/',
      headers: { ...owner.bearer, ...form.headers },
      payload: form.payload,
    })
    await expect400(created, 'invalid_text')
  })

  it('still accepts line breaks and tabs in long text, and any Unicode', async () => {
    const response = await inject(
      'PATCH',
      `/api/emergency/update/${emergency.id}/`,
      { description: 'Line one\r\n\tLine two — ñ 洪水 🌊' },
      owner.bearer,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().description).toBe('Line one\r\n\tLine two — ñ 洪水 🌊')
  })
})

describe('amounts and lists', () => {
  it('refuses a SOL amount no BIGINT of lamports can hold', async () => {
    const url = `/api/emergency/update/${emergency.id}/`
    const response = await inject('PATCH', url, { sol_goal: '9999999999' }, owner.bearer)
    await expect400(response, 'invalid_amount')
    expect(response.json().error).toBe('sol_goal is too large.')
    const donation = { emergency_id: emergency.id, amount: '9999999999.5', tx_hash: '5'.repeat(88) }
    await expect400(await inject('POST', '/api/emergency/donate/', donation, owner.bearer), 'invalid_amount')
  })

  it('refuses delete_images with 70,000 ids', async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => i + 1)
    const response = await inject(
      'PATCH',
      `/api/emergency/update/${emergency.id}/`,
      { delete_images: ids },
      owner.bearer,
    )
    await expect400(response, 'validation_error')
    expect(response.json().error).toBe('delete_images may list at most 100 ids.')
  })
})

describe('error logs', () => {
  it('logs an unexpected error without the user text, e-mail or IP that caused it', async () => {
    const email = 'victim.address@example.org'
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/failing-query/',
      payload: { email },
      remoteAddress: '203.0.113.77',
    })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: 'Internal server error',
      detail: 'Internal server error',
      code: 'internal_error',
    })
    const line = logLines.find((l) => l.includes('request failed'))
    expect(line).toBeDefined()
    expect(line).toContain('22P02') // the SQLSTATE (invalid text representation) is what an operator needs
    expect(line).not.toContain(email)
    expect(line).not.toContain('203.0.113.77')
  })
})
