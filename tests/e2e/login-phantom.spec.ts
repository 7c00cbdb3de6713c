// Signing in with an injected Phantom wallet (a test double that signs with a real Ed25519 key held by the test):
// the server's view is checked at each step through GET /api/users/me/ with the token the app stored.
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { storedAuth, serverMe } from './harness/auth'
import { viewports } from './harness/browser'
import { installPhantom, type PhantomDouble } from './harness/phantom'
import { useApp, useSession } from './harness/session'
import { atPath, logout, pickWallet, registerWithEmail, seeText } from './harness/ui'

const app = useApp()
const PHANTOM = /^Phantom/

describe.each(viewports)('at the $name viewport', (viewport) => {
  let wallet: PhantomDouble
  const session = useSession(app, viewport, async (context) => {
    wallet = await installPhantom(context, app.server().rpcUrl)
  })

  test('registers, logs out, logs in, stays signed in across reloads and returns to a guarded page after login', async () => {
    const { page, shot } = session()
    const url = app.server().url
    const email = `phantom-${viewport.name}@example.com`

    await page.goto('/register')
    await pickWallet(page, PHANTOM)
    await page.getByLabel('Email').waitFor()
    await shot('register-email-form')
    await registerWithEmail(page, email)
    await seeText(page, 'Registration successful!')
    await atPath(page, '/dashboard')
    expect(await serverMe(url, page)).toMatchObject({ wallet_address: wallet.address(), email })
    expect(wallet.signedMessages.at(-1)).toContain('Sign in to Lifeline')
    await shot('dashboard-after-register')

    await logout(page)
    expect(await storedAuth(page)).toEqual({ wallet: null, accessToken: null, refreshToken: null })

    await page.goto('/login')
    await shot('login')
    await pickWallet(page, PHANTOM, () => shot('wallet-modal'))
    await seeText(page, 'Login successful!')
    await atPath(page, '/dashboard')
    const { accessToken } = await storedAuth(page)
    expect((await serverMe(url, page)).wallet_address).toBe(wallet.address())

    await page.reload()
    await page.getByRole('heading', { name: 'My Dashboard' }).waitFor()
    expect((await storedAuth(page)).accessToken).toBe(accessToken)

    // Auto-login: a stored wallet without a token signs in again when the wallet reconnects after a reload.
    await page.evaluate(() => ['accessToken', 'refreshToken'].forEach((key) => localStorage.removeItem(key)))
    await page.goto('/')
    await seeText(page, 'Auto login successful!')
    expect((await serverMe(url, page)).wallet_address).toBe(wallet.address())

    await logout(page)
    await page.goto('/dashboard')
    await atPath(page, '/login', '?redirect=%2Fdashboard')
    await pickWallet(page, PHANTOM)
    await atPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'My Dashboard' }).waitFor()
  })

  test('logs out and returns to /login when the wallet switches to another account', async () => {
    const { page, shot } = session()
    await page.goto('/register')
    await pickWallet(page, PHANTOM)
    await registerWithEmail(page, `switch-${viewport.name}@example.com`)
    await atPath(page, '/dashboard')

    await wallet.switchAccount(nacl.sign.keyPair())
    await seeText(page, 'Wallet switched! Please login again.')
    await atPath(page, '/login')
    await shot('login-after-wallet-switch')
    expect((await storedAuth(page)).accessToken).toBeNull()
  })
})
