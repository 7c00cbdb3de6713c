// Phantom's or Solflare's app on the phone, played by the deep-link wallet double (src/testing): Playwright
// intercepts the browser's navigation to the wallet's universal link (phantom.app/ul/v1/*, solflare.com/ul/v1/*),
// the double answers it with real crypto, and the browser is sent to the redirect — back in the same tab
// (Safari), or in another browser context (the iOS home-screen app's answer opening in Safari: the relay case).
import type { BrowserContext, Page } from 'playwright-core'
import {
  DeepLinkWalletDouble,
  type DoubleWallet,
  type ReceivedLink,
  type Refusal,
} from '../../../src/testing/deeplink-wallet-double'

export interface WalletApp {
  double: DeepLinkWalletDouble
  /** Every link the app opened in the wallet, in order. */
  received(): ReceivedLink[]
  /** The longest link the app built, in characters. */
  longestLink(): number
  /** The next request is refused with this error (4001: the user said no). */
  refuseNext(refusal: Refusal): void
  /**
   * Where the wallet sends the user back: null (the default) = the same tab; a page = another browser, whose
   * tab opens the callback while the asking page stays where it was (the home-screen app on iOS).
   */
  answerIn(page: Page | null): void
  /** performance.now()-free wall clock of the last redirect back, for timing what follows. */
  lastAnswerAt(): number
}

const UNIVERSAL_LINKS = /^https:\/\/(phantom\.app|solflare\.com)\/ul\/v1\//

export async function installWalletApp(
  context: BrowserContext,
  wallet: DoubleWallet,
  double = new DeepLinkWalletDouble(wallet),
): Promise<WalletApp> {
  let refusal: Refusal | undefined
  let target: Page | null = null
  let answeredAt = 0

  await context.route(UNIVERSAL_LINKS, async (route) => {
    const link = route.request().url()
    const next = refusal
    refusal = undefined
    const back = double.respond(link, next)
    answeredAt = Date.now()
    if (!target) return route.fulfill({ status: 302, headers: { location: back } })
    // A 204 leaves the asking page as it was, as when iOS hands a universal link to the wallet app.
    await route.fulfill({ status: 204 })
    await target.goto(back)
  })

  return {
    double,
    received: () => double.received,
    longestLink: () => Math.max(0, ...double.received.map(({ url }) => url.length)),
    refuseNext: (next) => (refusal = next),
    answerIn: (page) => (target = page),
    lastAnswerAt: () => answeredAt,
  }
}

/** Registers through /register with the wallet app (connect, then sign): lands on /dashboard. */
export async function registerWithWalletApp(page: Page, wallet: DoubleWallet, email: string): Promise<void> {
  await page.goto('/register')
  await page
    .getByRole('main')
    .getByRole('button', { name: /^(Select|Switch) Wallet$/ })
    .click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`^${wallet}`) })
    .click()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Register & Login' }).click()
  await approvingInWallet(
    page,
    wallet,
    page.waitForURL((url) => url.pathname === '/dashboard'),
  )
}

/**
 * Waits for `done`, tapping "Open {wallet}" whenever the "Continue in {wallet}" sheet asks for it: a link opens the
 * wallet app straight from a tap only while the browser still counts the tap as recent (a few seconds; less on a
 * busy machine), otherwise the app asks for a tap of its own, as iOS requires.
 */
export async function approvingInWallet<T>(page: Page, wallet: DoubleWallet, done: Promise<T>): Promise<T> {
  let finished = false
  const result = done.finally(() => (finished = true))
  const sheet = page.getByRole('dialog', { name: `Continue in ${wallet}` })
  while (!finished) {
    const asked = await sheet.waitFor({ timeout: 250 }).then(
      () => true,
      () => false,
    )
    if (asked && !finished)
      await sheet
        .getByRole('link', { name: `Open ${wallet}` })
        .click({ timeout: 2_000 })
        .catch(() => undefined)
  }
  return result
}
