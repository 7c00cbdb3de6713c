// Races that only real concurrent connections can show: single use must hold across connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import { MIGRATIONS_DIR, migrate } from '../../server/db/migrate'
import { emptyPostgresSchema, testDatabaseUrl } from '../helpers/database'
import { type TestApp, createTestApp } from '../helpers/app'
import { register, registerAndSignIn, signedNonce, testWallet } from '../helpers/wallet'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('on PostgreSQL', () => {
  it('lets exactly one of eight concurrent logins with one signed message succeed', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const signed = await signedNonce(t.app, wallet)
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'POST', url: '/api/users/login/', payload: signed }),
      ),
    )
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(7)
  })

  it('rotates a refresh token once when it is presented twice at the same time, and revokes the family', async () => {
    const { refresh } = await registerAndSignIn(t.app)
    const responses = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh } }),
      ),
    )
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401])
    const winner = responses.find((r) => r.statusCode === 200)!.json()
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh/',
      payload: { refresh: winner.refresh },
    })
    expect(after.statusCode).toBe(401)
  })

  it('applies each migration once when two instances migrate at the same time', async () => {
    const database = await emptyPostgresSchema(testDatabaseUrl()!)
    try {
      const [first, second] = await Promise.all([migrate(database.db), migrate(database.db)])
      const all = fs
        .readdirSync(MIGRATIONS_DIR)
        .filter((name) => name.endsWith('.sql'))
        .sort()
      expect([...first, ...second].sort()).toEqual(all)
    } finally {
      await database.close()
    }
  })
})
