// Download links (issue 31): a browser downloads a CSV by following a plain link, which carries no Authorization
// header, so the PWA first asks POST /api/download-links/ for a link whose token stands for the user on that path's
// GET alone, for a minute. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import type { DownloadLink } from '../../api-contract/receipts'
import { createTestApp, type TestApp } from '../helpers/app'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

const logged: string[] = []
let t: TestApp
let owner: Awaited<ReturnType<typeof registerAndSignIn>>
let other: Awaited<ReturnType<typeof registerAndSignIn>>
let emergency: Emergency
beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'debug' },
    deps: { logStream: { write: (line: string) => void logged.push(line) } },
  })
  owner = await registerAndSignIn(t.app)
  other = await registerAndSignIn(t.app)
  emergency = await createEmergency(t.app, owner.bearer)
})
afterAll(async () => {
  await t.close()
})

const link = async (path: string, bearer = owner.bearer) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/download-links/',
    headers: bearer,
    payload: { path },
  })
  expect(response.statusCode).toBe(201)
  return response.json<DownloadLink>()
}
/** Follows a link as a browser does: the path and query, no Authorization header. */
const follow = (url: string) => {
  const { pathname, search } = new URL(url)
  return t.app.inject({ method: 'GET', url: pathname + search })
}

describe('POST /api/download-links/', () => {
  it('gives a link that downloads the export as the signed-in user, without a header, for a minute', async () => {
    const path = `/api/emergency/${emergency.id}/donations.csv`
    const { url, expires_at } = await link(path)
    expect(url.startsWith(`${t.config.publicUrl}${path}?download_token=`)).toBe(true)
    expect(new Date(expires_at).getTime() - t.clock().getTime()).toBeLessThanOrEqual(60_000)
    const followed = await follow(url)
    expect(followed.statusCode).toBe(200)
    expect(followed.body).toBe((await t.app.inject({ method: 'GET', url: path, headers: owner.bearer })).body)
    t.clock.advance(61_000)
    expect((await follow(url)).json()).toMatchObject({ code: 'token_expired' })
  })

  it('still checks access when the link is followed: another user’s link is a 403', async () => {
    const { url } = await link(`/api/emergency/${emergency.id}/donations.csv`, other.bearer)
    expect((await follow(url)).statusCode).toBe(403)
  })

  it('is good for its own path alone, never as a bearer, and not after the session ended', async () => {
    const { url } = await link('/api/emergency/my-donations.csv')
    const token = new URL(url).searchParams.get('download_token')!
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/emergency/${emergency.id}/donations.csv?download_token=${token}`,
    })
    expect(elsewhere.json()).toMatchObject({ code: 'invalid_token' })
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/emergency/my-donations.csv',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(asBearer.json()).toMatchObject({ code: 'invalid_token' })
    // A route that takes no download token ignores it: the caller is anonymous there.
    const me = await t.app.inject({ method: 'GET', url: `/api/users/me/?download_token=${token}` })
    expect(me.statusCode).toBe(401)

    expect((await follow(url)).statusCode).toBe(200)
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      payload: { refresh: owner.refresh },
    })
    expect(ended.statusCode).toBe(204)
    expect((await follow(url)).json()).toMatchObject({ code: 'session_ended' })
  })

  it('answers 401 signed out and 400 for a path outside the API', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/download-links/',
      payload: { path: '/api/emergency/my-donations.csv' },
    })
    expect(anonymous.statusCode).toBe(401)
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/download-links/',
      headers: other.bearer,
      payload: { path: 'https://elsewhere.example/x' },
    })
    expect(outside.statusCode).toBe(400)
  })

  it('keeps the token out of the request log', async () => {
    const { url } = await link('/api/emergency/my-donations.csv', other.bearer)
    const token = new URL(url).searchParams.get('download_token')!
    logged.length = 0
    expect((await follow(url)).statusCode).toBe(200)
    const text = logged.join('')
    expect(text).toContain('/api/emergency/my-donations.csv?download_token=[redacted]')
    expect(text).not.toContain(token)
  })
})
