import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../server/plugins/auth'
import { type TestApp, createTestApp } from '../helpers/app'
import { register, registerAndSignIn, signIn, testWallet } from '../helpers/wallet'

const listedAdmin = testWallet()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: { adminWallets: new Set([listedAdmin.address]) },
    extend: (app) => {
      app.get('/api/test/mine/', { preHandler: app.requireUser }, async (request) => ({
        id: signedInUser(request).id,
      }))
      app.get('/api/test/admin-only/', { preHandler: app.requireAdmin }, async () => ({ ok: true }))
      app.get('/api/test/public/', async (request) => ({ user: request.user }))
    },
  })
})
afterAll(() => t.close())

const get = (url: string, access?: string) =>
  t.app.inject({ method: 'GET', url, headers: access ? { authorization: `Bearer ${access}` } : {} })

describe('auth decorators', () => {
  it('app.requireUser lets a signed-in user through and answers 401 otherwise', async () => {
    const { access } = await registerAndSignIn(t.app)
    expect((await get('/api/test/mine/', access)).statusCode).toBe(200)
    expect((await get('/api/test/mine/')).statusCode).toBe(401)
  })

  it('app.requireAdmin answers 403 to a signed-in user who is not an admin, 401 to nobody', async () => {
    const { access } = await registerAndSignIn(t.app)
    const response = await get('/api/test/admin-only/', access)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('forbidden')
    expect((await get('/api/test/admin-only/')).statusCode).toBe(401)
  })

  it('treats a wallet listed in ADMIN_WALLETS as an admin', async () => {
    const { access } = await register(t.app, listedAdmin)
    expect((await get('/api/test/admin-only/', access)).statusCode).toBe(200)
  })

  it("treats a user whose role is 'admin' as an admin from their next sign-in", async () => {
    const { wallet } = await registerAndSignIn(t.app)
    await t.db.execute(sql`update users set role = 'admin' where wallet_address = ${wallet.address}`)
    const { access } = await signIn(t.app, wallet)
    expect((await get('/api/test/admin-only/', access)).statusCode).toBe(200)
    expect((await get('/api/users/me/', access)).json().is_admin).toBe(true)
  })

  it('leaves request.user null on public routes, even with a bad token', async () => {
    expect((await get('/api/test/public/', 'garbage')).json()).toEqual({ user: null })
    const { wallet, access } = await registerAndSignIn(t.app)
    expect((await get('/api/test/public/', access)).json().user).toMatchObject({
      walletAddress: wallet.address,
      isAdmin: false,
    })
  })
})

describe('local ledger mount', () => {
  it('forwards JSON-RPC posted to /rpc to the ledger', async () => {
    const ledgerApp = await createTestApp({
      deps: {
        ledger: {
          handleRpc: async (body) => ({ jsonrpc: '2.0', id: (body as { id: number }).id, result: 'pong' }),
          handleUpgrade: () => undefined,
        },
      },
    })
    try {
      const response = await ledgerApp.app.inject({
        method: 'POST',
        url: '/rpc',
        payload: { jsonrpc: '2.0', id: 7, method: 'getHealth' },
      })
      expect(response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: 'pong' })
    } finally {
      await ledgerApp.close()
    }
  })
})
