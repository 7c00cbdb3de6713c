// The iOS home-screen app: the wallet sends the user back to Safari, never into the installed app, whose storage
// is separate. Two browser contexts play the two: the app (standalone display mode) starts the sign-in, the
// wallet's redirect opens in "Safari", which hands the still-encrypted answer to the relay and says to go back;
// the app, brought to the front again, picks the answer up and completes the sign-in.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { registerApiUser } from './harness/api-user'
import { screenshot } from './harness/artifacts'
import { storedAuth } from './harness/auth'
import { newContext, phoneWith, USER_AGENTS } from './harness/browser'
import { useApp, useSession } from './harness/session'
import { atPath, pickWallet, seeText } from './harness/ui'
import { installWalletApp, type WalletApp } from './harness/wallet-app'

const app = useApp()

/** What iOS reports inside a home-screen web app. */
const STANDALONE = `
  const matchMedia = window.matchMedia.bind(window)
  window.matchMedia = (query) => {
    const list = matchMedia(query)
    if (!/display-mode:\\s*standalone/.test(query)) return list
    return Object.create(list, { matches: { value: true }, media: { value: query } })
  }
  Object.defineProperty(navigator, 'standalone', { value: true })
`

/** The app comes back to the front (iOS fires visibilitychange when the user switches back to it). */
const bringToFront = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))

describe('the home-screen app on iOS, with Phantom answering into Safari', () => {
  let wallet: WalletApp
  const session = useSession(app, phoneWith(USER_AGENTS.iosSafari), async (context) => {
    await context.addInitScript({ content: STANDALONE })
    wallet = await installWalletApp(context, 'Phantom')
  })

  test('signs in through the relay when the app is brought back to the front', async () => {
    const { page, shot } = session()
    const { url } = app.server()
    await registerApiUser(url, 'homescreen@example.com', wallet.double.keypair)
    const safari = await newContext(app.browser(), phoneWith(USER_AGENTS.iosSafari), url)
    try {
      const tab = await safari.newPage()
      wallet.answerIn(tab)

      await page.goto('/login')
      expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
      await pickWallet(page, /^Phantom/)
      await tab.getByRole('heading', { name: 'Go back to Lifeline' }).waitFor()
      await screenshot(tab, 'phone-relay-safari-go-back')
      await page.getByRole('dialog', { name: 'Waiting for Phantom' }).waitFor()
      await shot('relay-app-waiting')

      await bringToFront(page)
      const prompt = page.getByRole('dialog', { name: 'Continue in Phantom' })
      await prompt.waitFor()
      await prompt.getByRole('link', { name: 'Open Phantom' }).click()
      await tab.waitForURL((at) => at.pathname.startsWith('/wallet/callback/'))
      await tab.getByRole('heading', { name: 'Go back to Lifeline' }).waitFor()

      await bringToFront(page)
      await seeText(page, 'Login successful!')
      await atPath(page, '/dashboard')
      expect((await storedAuth(page)).wallet).toBe(wallet.double.address)
      expect((await storedAuth(tab)).accessToken).toBeNull()
      expect(wallet.received().map(({ method }) => method)).toEqual(['connect', 'signMessage'])
    } finally {
      await safari.close()
    }
  })
})
