// The Sandbox wallet (local mode only): a keypair kept in the browser, funded by the local faucet, signs in
// like any wallet. The server's view is checked through GET /api/users/me/ with the token the app stored.
import { describe, expect, test } from 'vitest'
import { storedAuth, serverMe } from './harness/auth'
import { viewports } from './harness/browser'
import { rpc } from './harness/rpc'
import { useApp, useSession } from './harness/session'
import { atPath, logout, pickWallet, registerWithEmail, seeText } from './harness/ui'

const app = useApp()
const SANDBOX = /^Sandbox/

describe.each(viewports)('at the $name viewport', (viewport) => {
  const session = useSession(app, viewport)

  test('registers with the faucet-funded Sandbox wallet, logs out and logs back in with the same address', async () => {
    const { page, shot } = session()
    const url = app.server().url
    const email = `sandbox-${viewport.name}@example.com`

    await page.goto('/register')
    await pickWallet(page, SANDBOX)
    await page.getByLabel('Email').waitFor()
    await shot('register-sandbox')
    await registerWithEmail(page, email)
    await seeText(page, 'Registration successful!')
    await atPath(page, '/dashboard')
    const { wallet: address } = await storedAuth(page)
    expect(await serverMe(url, page)).toMatchObject({ wallet_address: address, email })
    const balance = () =>
      rpc<{ value: number }>(app.server().rpcUrl, 'getBalance', [address]).then((r) => r.value)
    await expect.poll(balance, { timeout: 15_000 }).toBeGreaterThan(0)

    await logout(page)
    await page.goto('/login')
    await pickWallet(page, SANDBOX)
    await seeText(page, 'Login successful!')
    await atPath(page, '/dashboard')
    expect((await serverMe(url, page)).wallet_address).toBe(address)

    await page.reload()
    await page.getByRole('heading', { name: 'My Dashboard' }).waitFor()
    expect((await serverMe(url, page)).wallet_address).toBe(address)
  })
})
