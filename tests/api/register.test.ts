import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, createTestApp } from '../helpers/app'
import { register, signedNonce, testWallet } from '../helpers/wallet'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const registerWith = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/users/register/', payload })
const checkWallet = (address: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/check-wallet/', query: { wallet_address: address } })

describe('POST /api/users/register/', () => {
  it('registers a wallet that signed a nonce message, with its e-mail, and answers 201 with tokens', async () => {
    const wallet = testWallet()
    const response = await registerWith({ ...(await signedNonce(t.app, wallet)), email: 'donor@example.com' })
    expect(response.statusCode).toBe(201)
    expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh'])
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: { authorization: `Bearer ${response.json().access}` },
    })
    expect(me.json()).toMatchObject({
      wallet_address: wallet.address,
      email: 'donor@example.com',
      is_admin: false,
    })
  })

  it('refuses an invalid e-mail with 400 "Please enter a valid email."', async () => {
    const response = await registerWith({
      ...(await signedNonce(t.app, testWallet())),
      email: 'not-an-email',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Please enter a valid email.',
      detail: 'Please enter a valid email.',
      code: 'invalid_email',
    })
  })

  it('refuses a wallet that is already registered with 409', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const response = await registerWith({ ...(await signedNonce(t.app, wallet)), email: 'again@example.com' })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('wallet_already_registered')
  })

  it('refuses a registration without a signature (wallet and e-mail alone) with 400', async () => {
    const response = await registerWith({ wallet_address: testWallet().address, email: 'who@example.com' })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_error')
  })

  it('refuses a registration signed by a key other than the wallet with 401 and registers nothing', async () => {
    const [wallet, other] = [testWallet(), testWallet()]
    const { message } = await signedNonce(t.app, wallet)
    const response = await registerWith({
      wallet_address: wallet.address,
      message,
      signature: other.sign(message),
      email: 'x@example.com',
    })
    expect(response.statusCode).toBe(401)
    expect((await checkWallet(wallet.address)).json()).toEqual({ registered: false })
  })

  it('refuses a replayed registration message after the wallet registered', async () => {
    const wallet = testWallet()
    const signed = await signedNonce(t.app, wallet)
    expect((await registerWith({ ...signed, email: 'a@example.com' })).statusCode).toBe(201)
    const replay = await registerWith({ ...signed, email: 'a@example.com' })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('nonce_used')
  })

  it('registers a wallet once when two registrations with one message race', async () => {
    const wallet = testWallet()
    const signed = await signedNonce(t.app, wallet)
    const responses = await Promise.all(
      [1, 2].map(() => registerWith({ ...signed, email: 'race@example.com' })),
    )
    const [winner, loser] = responses.map((r) => r.statusCode).sort()
    expect(winner).toBe(201)
    // The loser sees either the used nonce (401) or, if it looked after the winner committed, the new user (409).
    expect([401, 409]).toContain(loser)
  })

  it('lets a wallet listed in ADMIN_WALLETS register as an admin', async () => {
    const admin = testWallet()
    const adminApp = await createTestApp({ config: { adminWallets: new Set([admin.address]) } })
    try {
      const { access } = await register(adminApp.app, admin)
      const me = await adminApp.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${access}` },
      })
      expect(me.json().is_admin).toBe(true)
    } finally {
      await adminApp.close()
    }
  })
})

describe('GET /api/users/check-wallet/', () => {
  it('tells whether a wallet is registered', async () => {
    const wallet = testWallet()
    expect((await checkWallet(wallet.address)).json()).toEqual({ registered: false })
    await register(t.app, wallet)
    expect((await checkWallet(wallet.address)).json()).toEqual({ registered: true })
  })

  it('refuses a malformed wallet address with 400', async () => {
    expect((await checkWallet('###')).statusCode).toBe(400)
  })
})
