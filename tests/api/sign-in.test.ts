import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, createTestApp } from '../helpers/app'
import { register, signedNonce, testWallet } from '../helpers/wallet'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users/login/', payload })

describe('GET /api/users/nonce/', () => {
  it('issues a Sign-In With Solana message for the wallet with a single-use nonce and a 10-minute expiry', async () => {
    const wallet = testWallet()
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/nonce/?wallet_address=${wallet.address}`,
    })
    expect(response.statusCode).toBe(200)
    const { message, nonce, expires_at } = response.json()
    expect(nonce).toMatch(/^[A-Za-z0-9]{16,}$/)
    const lines = message.split('\n')
    expect(lines.slice(0, 5)).toEqual([
      'localhost:8080 wants you to sign in with your Solana account:',
      wallet.address,
      '',
      'Sign in to Lifeline',
      '',
    ])
    expect(lines).toContain('URI: http://localhost:8080')
    expect(lines).toContain('Version: 1')
    expect(lines).toContain('Chain ID: localnet')
    expect(lines).toContain(`Nonce: ${nonce}`)
    const issuedAt = Date.parse(lines.find((line: string) => line.startsWith('Issued At: ')).slice(11))
    expect(Date.parse(expires_at) - issuedAt).toBe(10 * 60_000)
    expect(lines).toContain(`Expiration Time: ${expires_at}`)
  })

  it('gives a new nonce on every request', async () => {
    const wallet = testWallet()
    const first = await signedNonce(t.app, wallet)
    const second = await signedNonce(t.app, wallet)
    expect(first.message).not.toBe(second.message)
  })

  it('refuses a wallet address that is not base58 with 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/nonce/?wallet_address=0OIl-not-base58',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Invalid wallet address.',
      detail: 'Invalid wallet address.',
      code: 'invalid_wallet',
    })
  })

  it('refuses a request without a wallet address with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/nonce/' })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_error')
  })
})

describe('POST /api/users/login/', () => {
  it('signs a registered wallet in with a signed nonce message and returns access and refresh tokens', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const response = await login(await signedNonce(t.app, wallet))
    expect(response.statusCode).toBe(200)
    expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh'])
  })

  it('answers 404 "Wallet not registered" for an unregistered wallet, without using up the nonce', async () => {
    const wallet = testWallet()
    const signed = await signedNonce(t.app, wallet)
    const response = await login(signed)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'Wallet not registered', code: 'wallet_not_registered' })
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/register/',
      payload: { ...signed, email: 'a@b.co' },
    })
    expect(registered.statusCode).toBe(201)
  })

  it('refuses a replayed sign-in (the same message and signature twice) with 401', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const signed = await signedNonce(t.app, wallet)
    expect((await login(signed)).statusCode).toBe(200)
    const replay = await login(signed)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('nonce_used')
  })

  it('lets exactly one of two concurrent logins with one nonce succeed', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const signed = await signedNonce(t.app, wallet)
    const statuses = (await Promise.all([login(signed), login(signed), login(signed)])).map(
      (r) => r.statusCode,
    )
    expect(statuses.sort()).toEqual([200, 401, 401])
  })

  it('refuses a message whose nonce has expired with 401', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const signed = await signedNonce(t.app, wallet)
    t.clock.advance(10 * 60_000 + 1)
    const response = await login(signed)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('nonce_expired')
  })

  it('refuses a nonce issued for another wallet, even signed by the presenting wallet', async () => {
    const [alice, mallory] = [testWallet(), testWallet()]
    await register(t.app, mallory)
    const forAlice = await signedNonce(t.app, alice)
    const response = await login({
      wallet_address: mallory.address,
      message: forAlice.message,
      signature: mallory.sign(forAlice.message),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_message')
  })

  it('refuses a tampered message (signed, but not the text the server issued)', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const { message } = await signedNonce(t.app, wallet)
    const tampered = message.replace('Version: 1', 'Version: 2')
    const response = await login({
      wallet_address: wallet.address,
      message: tampered,
      signature: wallet.sign(tampered),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_message')
  })

  it('refuses a message for another domain (a phishing site relaying our nonce)', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const { message } = await signedNonce(t.app, wallet)
    const phished = message
      .replace('localhost:8080 wants', 'evil.example wants')
      .replace('URI: http://localhost:8080', 'URI: https://evil.example')
    const response = await login({
      wallet_address: wallet.address,
      message: phished,
      signature: wallet.sign(phished),
    })
    expect(response.statusCode).toBe(401)
  })

  it('refuses a fixed message that the server never issued', async () => {
    const wallet = testWallet()
    await register(t.app, wallet)
    const message = 'Sign in to Lifeline'
    const response = await login({ wallet_address: wallet.address, message, signature: wallet.sign(message) })
    expect(response.statusCode).toBe(401)
  })

  it('refuses a signature made by another key with 401', async () => {
    const [wallet, other] = [testWallet(), testWallet()]
    await register(t.app, wallet)
    const { message } = await signedNonce(t.app, wallet)
    const response = await login({ wallet_address: wallet.address, message, signature: other.sign(message) })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      error: 'Signature verification failed.',
      code: 'invalid_signature',
    })
  })

  it('refuses a malformed base58 signature or wallet with 400', async () => {
    const wallet = testWallet()
    const signed = await signedNonce(t.app, wallet)
    expect((await login({ ...signed, signature: 'not base58 0OIl' })).statusCode).toBe(400)
    expect((await login({ ...signed, signature: bs58.encode(new Uint8Array(10)) })).statusCode).toBe(400)
    const badWallet = await login({ ...signed, wallet_address: 'abc0' })
    expect(badWallet.statusCode).toBe(400)
    expect(badWallet.json().code).toBe('invalid_wallet')
  })

  it('refuses a body without a signature with 400 in the error shape', async () => {
    const response = await login({ wallet_address: testWallet().address, message: 'x' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'Invalid request.', code: 'validation_error' })
    expect(response.json().detail).toContain('signature')
  })
})
