import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { REVOCATION_CHECK_MS } from '../../server/modules/users/session-revocations'
import { ROTATION_GRACE_MS } from '../../server/modules/users/sessions.service'
import { type TestApp, createTestApp } from '../helpers/app'
import { registerAndSignIn, signIn } from '../helpers/wallet'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const me = (access?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/users/me/',
    headers: access ? { authorization: `Bearer ${access}` } : {},
  })
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: token } })
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: token } })

describe('GET /api/users/me/', () => {
  it('returns the signed-in user', async () => {
    const { wallet, access } = await registerAndSignIn(t.app, 'me@example.com')
    const response = await me(access)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      wallet_address: wallet.address,
      email: 'me@example.com',
      is_admin: false,
      kyc: { status: 'not_submitted' },
    })
    expect(Number.isInteger(body.id)).toBe(true)
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false)
  })

  it('answers 401 without a token', async () => {
    const response = await me()
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('authentication_required')
  })

  it('answers 401 token_expired once the access token is older than 15 minutes', async () => {
    const { access } = await registerAndSignIn(t.app)
    t.clock.advance(14 * 60_000)
    expect((await me(access)).statusCode).toBe(200)
    t.clock.advance(60_000 + 1000)
    const response = await me(access)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('token_expired')
  })

  it('refuses an unsigned token (alg: none)', async () => {
    const { access } = await registerAndSignIn(t.app)
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString())
    const forged = new UnsecuredJWT(claims).encode()
    const response = await me(forged)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_token')
  })

  it('refuses a token signed with another key, after the real one was accepted', async () => {
    const { access } = await registerAndSignIn(t.app)
    expect((await me(access)).statusCode).toBe(200)
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString())
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(32)))
    expect((await me(forged)).statusCode).toBe(401)
  })

  it('refuses a token from another issuer signed with the same key', async () => {
    const { access } = await registerAndSignIn(t.app)
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString())
    const forged = await new SignJWT({ ...claims, iss: 'https://evil.example' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(t.config.jwtSecret)
    expect((await me(forged)).statusCode).toBe(401)
  })

  it('refuses a malformed authorization header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: { authorization: 'Token abc' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_token')
  })
})

describe('POST /api/users/token/refresh/', () => {
  it('rotates: returns a new pair, and the new refresh token works in turn', async () => {
    const first = await registerAndSignIn(t.app)
    const second = await refresh(first.refresh)
    expect(second.statusCode).toBe(200)
    expect(second.json().refresh).not.toBe(first.refresh)
    expect((await me(second.json().access)).statusCode).toBe(200)
    expect((await refresh(second.json().refresh)).statusCode).toBe(200)
  })

  it('revokes the whole family, access tokens included, when a rotated refresh token is reused later', async () => {
    const first = await registerAndSignIn(t.app)
    const rotated = (await refresh(first.refresh)).json()
    t.clock.advance(ROTATION_GRACE_MS + 1000)
    const reuse = await refresh(first.refresh)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json().code).toBe('refresh_token_reused')
    expect((await refresh(rotated.refresh)).statusCode).toBe(401)
    expect((await me(rotated.access)).json().code).toBe('session_ended')
  })

  it('gives two tabs refreshing at once with the same token the same new pair', async () => {
    const first = await registerAndSignIn(t.app)
    const [a, b] = await Promise.all([refresh(first.refresh), refresh(first.refresh)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().refresh).toBe(b.json().refresh)
    // A third tab a few seconds later still gets it; the session goes on with that token.
    t.clock.advance(ROTATION_GRACE_MS - 1000)
    const late = await refresh(first.refresh)
    expect(late.statusCode).toBe(200)
    expect(late.json().refresh).toBe(a.json().refresh)
    expect((await me(late.json().access)).statusCode).toBe(200)
    const next = await refresh(a.json().refresh)
    expect(next.statusCode).toBe(200)
    expect((await me(next.json().access)).statusCode).toBe(200)
  })

  it('keeps other sessions of the same wallet alive when one family is revoked', async () => {
    const first = await registerAndSignIn(t.app)
    const other = await signIn(t.app, first.wallet)
    await refresh(first.refresh)
    t.clock.advance(ROTATION_GRACE_MS + 1000)
    await refresh(first.refresh)
    expect((await refresh(other.refresh)).statusCode).toBe(200)
  })

  it('refuses an unknown refresh token with 401', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401)
  })

  it('refuses a refresh token older than 30 days', async () => {
    const { refresh: token } = await registerAndSignIn(t.app)
    t.clock.advance(30 * 24 * 3600_000 + 1000)
    expect((await refresh(token)).statusCode).toBe(401)
  })
})

describe('POST /api/users/logout/', () => {
  it('answers 204 and ends the session: its refresh token no longer works', async () => {
    const { refresh: token } = await registerAndSignIn(t.app)
    const response = await logout(token)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect((await refresh(token)).statusCode).toBe(401)
  })

  it('ends the session even when called with an already rotated token of the family', async () => {
    const first = await registerAndSignIn(t.app)
    const rotated = (await refresh(first.refresh)).json()
    expect((await logout(first.refresh)).statusCode).toBe(204)
    expect((await refresh(rotated.refresh)).statusCode).toBe(401)
  })

  it('ends the access tokens of the session at once, and keeps other sessions working', async () => {
    const session = await registerAndSignIn(t.app)
    const other = await signIn(t.app, session.wallet)
    expect((await me(session.access)).statusCode).toBe(200)
    expect((await logout(session.refresh)).statusCode).toBe(204)
    const after = await me(session.access)
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe('session_ended')
    expect((await me(other.access)).statusCode).toBe(200)
  })

  it('ends them within seconds on another instance of the server sharing the database', async () => {
    const second = await buildApp(t.config, { distDir: '/nonexistent', db: t.db, clock: t.clock })
    try {
      const session = await registerAndSignIn(t.app)
      const onSecond = () =>
        second.inject({
          method: 'GET',
          url: '/api/users/me/',
          headers: { authorization: `Bearer ${session.access}` },
        })
      expect((await onSecond()).statusCode).toBe(200)
      await logout(session.refresh)
      // The second instance looked the session up a moment ago; it looks again after REVOCATION_CHECK_MS.
      t.clock.advance(REVOCATION_CHECK_MS)
      expect((await onSecond()).json().code).toBe('session_ended')
    } finally {
      await second.close()
    }
  })

  it('answers 204 for an unknown token (logout is idempotent)', async () => {
    expect((await logout('unknown')).statusCode).toBe(204)
  })
})
