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

  it('rotates a refresh token once when tabs present it at the same time: all get the same new pair', async () => {
    const { refresh } = await registerAndSignIn(t.app)
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh } }),
      ),
    )
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    expect(new Set(responses.map((r) => r.json().refresh)).size).toBe(1)
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh/',
      payload: { refresh: responses[0]!.json().refresh },
    })
    expect(after.statusCode).toBe(200)
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
