// Phone users with only the Phantom or Solflare app (iPhone Safari, no injected wallet): registration and login
// through the wallets' deep links, the wallet's answer coming back through our callback route.
import { describe, expect, test } from 'vitest'
import { serverMe, storedAuth } from './harness/auth'
import { phoneWith, USER_AGENTS } from './harness/browser'
import { useApp, useSession } from './harness/session'
import { atPath, logout, pickWallet, registerWithEmail, seeText } from './harness/ui'
import { installWalletApp, type WalletApp } from './harness/wallet-app'

const app = useApp()

describe.each(['Phantom', 'Solflare'] as const)('%s through deep links on iPhone Safari', (name) => {
  let wallet: WalletApp
  const session = useSession(app, phoneWith(USER_AGENTS.iosSafari), async (context) => {
    wallet = await installWalletApp(context, name)
  })

  test('registers, logs out and logs in again, each signature a round trip to the wallet app', async () => {
    const { page, shot } = session()
    await page.goto('/register')
    await pickWallet(page, new RegExp(`^${name}`), () => shot(`deeplink-${name}-picker`))
    await page.getByLabel('Email').waitFor()
    await seeText(page, 'Wallet Connected!')
    await registerWithEmail(page, `${name.toLowerCase()}-phone@example.com`)
    await atPath(page, '/dashboard')
    const me = await serverMe(app.server().url, page)
    expect(me).toMatchObject({ wallet_address: wallet.double.address })
    expect(wallet.received().map(({ method }) => method)).toEqual(['connect', 'signMessage'])

    await logout(page)
    await page.goto('/login')
    await pickWallet(page, new RegExp(`^${name}`))
    // Back from the connect, opening the wallet again needs a tap of its own (iOS).
    const prompt = page.getByRole('dialog', { name: `Continue in ${name}` })
    await prompt.waitFor()
    await shot(`deeplink-${name}-continue`)
    await prompt.getByRole('link', { name: `Open ${name}` }).click()
    await seeText(page, 'Login successful!')
    await atPath(page, '/dashboard')
    expect((await storedAuth(page)).wallet).toBe(wallet.double.address)
    expect(wallet.double.signedMessages).toHaveLength(2)
    expect(wallet.double.signedMessages[1]).toContain(wallet.double.address)
  })

  test('a signature refused in the wallet (4001) shows the spec message and signs nobody in', async () => {
    const { page } = session()
    await page.goto('/register')
    await pickWallet(page, new RegExp(`^${name}`))
    await page.getByLabel('Email').waitFor()
    wallet.refuseNext({ errorCode: 4001, errorMessage: 'User rejected the request.' })
    await registerWithEmail(page, `${name.toLowerCase()}-refuses@example.com`)
    await page.getByRole('alert').filter({ hasText: 'Message signing failed' }).waitFor()
    expect((await storedAuth(page)).accessToken).toBeNull()
  })
})
