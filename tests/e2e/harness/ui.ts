// Steps through the app's screens by their accessible names (src/features/auth, src/wallet/WalletModal).
import type { Page } from 'playwright-core'
import { TAKEN_OVER_MARK } from '../../../src/first-screen/taken-over'

/**
 * Opens the Select/Switch Wallet modal on /login or /register and picks the wallet named `name`; `whileOpen`
 * runs once the wallet is listed and the modal has finished opening (e.g. a screenshot of the modal).
 */
export async function pickWallet(
  page: Page,
  name: RegExp,
  whileOpen?: () => Promise<unknown>,
): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: /^(Select|Switch) Wallet$/ })
    .click()
  const dialog = page.getByRole('dialog')
  const choice = dialog.getByRole('button', { name })
  await choice.waitFor()
  await dialog.evaluate((element) => {
    const opening = (element.parentElement ?? element).getAnimations({ subtree: true })
    const finite = opening.filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    return Promise.all(finite.map((animation) => animation.finished))
  })
  await whileOpen?.()
  await choice.click()
}

/** Waits for a toast (or any other live text) saying exactly `text`. */
export async function seeText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor()
}

/** Waits for the URL's path (and, when given, its query string, e.g. '?redirect=%2Fdashboard'). */
export function atPath(page: Page, pathname: string, search?: string): Promise<void> {
  return page.waitForURL(
    (url) => url.pathname === pathname && (search === undefined || url.search === search),
  )
}

/** Registers the connected wallet on /register through the e-mail form and 'Register & Login'. */
export async function registerWithEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Register & Login' }).click()
}

/** Logout: in the navbar on wide screens, in the account sheet (tab bar → Account) on phones. */
export async function logout(page: Page): Promise<void> {
  const inNavbar = page.getByRole('banner').getByRole('button', { name: 'Logout' })
  if (await inNavbar.isVisible()) await inNavbar.click()
  else {
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'Account' }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click()
  }
  await atPath(page, '/')
}

/** Waits until the app has taken the server's page over (src/taken-over.ts): from then on links navigate in the app. */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, TAKEN_OVER_MARK)
}

/** Holds the app's code back (src/first-screen/start-app.tsx, which takes the server's page over) until the returned release is
 * called: the visitor meanwhile acts on the server's markup alone. */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}
