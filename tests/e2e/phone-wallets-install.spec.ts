// Connecting and installing on phones, in a real browser (issue 8): each row of the connection matrix sees the
// right ways to connect in the wallet picker, in order (the server runs in local mode, so the Sandbox wallet is
// always in play); Android and desktop Chrome offer Install from beforeinstallprompt, iOS Safari the Add to Home
// Screen steps, an installed app neither.
import { beforeAll, describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { registerApiUser, signedInAs } from './harness/api-user'
import { phoneWith, USER_AGENTS } from './harness/browser'
import { installPhantom } from './harness/phantom'
import { appTookOver, holdTheApp } from './harness/ui'
import { useApp, useSession } from './harness/session'
import { createEmergencyAs, type CreatedEmergency } from './emergencies-fixtures'

const app = useApp()
let emergency: CreatedEmergency

beforeAll(async () => {
  const owner = await registerApiUser(app.server().url, 'owner-wallets@example.com')
  emergency = await createEmergencyAs(app.server().url, owner.access, { title: 'Clinic generator' })
})

/** Opens the picker from the header's Connect Wallet and returns the choices' labels, top to bottom. */
async function pickerChoices(page: Page, expectLast: string): Promise<string[]> {
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  const list = page.getByRole('dialog').getByRole('list', { name: 'Ways to connect' })
  await list.getByRole('listitem').last().filter({ hasText: expectLast }).waitFor()
  const texts = await list.getByRole('listitem').allInnerTexts()
  return texts.map((text) => text.split('\n')[0]?.trim() ?? '')
}

describe('on Android Chrome', () => {
  const session = useSession(app, phoneWith(USER_AGENTS.androidChrome))

  test('Mobile Wallet Adapter comes first, with the Sandbox wallet last in local mode', async () => {
    const { page, shot } = session()
    await page.goto('/explore')
    const choices = await pickerChoices(page, 'Sandbox wallet')
    expect(choices).toEqual([
      'Mobile Wallet Adapter',
      'Phantom',
      'Solflare',
      'Open in Phantom',
      'Open in Solflare',
      'Sandbox wallet',
    ])
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Opens a wallet app installed on this phone').waitFor()
    expect(await dialog.getByText('Install', { exact: true }).count()).toBe(0)
    await shot('wallets-android-chrome', { fullPage: false })
  })
})

describe('on iOS Safari without a wallet', () => {
  const session = useSession(app, phoneWith(USER_AGENTS.iosSafari))

  test('"Open in Phantom" and "Open in Solflare" open this emergency inside the wallet', async () => {
    const { page, context, shot } = session()
    const opened: string[] = []
    // The wallets' universal links leave this machine: answer them here and note where they led.
    await context.route(/^https:\/\/(phantom\.app|solflare\.com)\//, (route) => {
      opened.push(route.request().url())
      return route.fulfill({ contentType: 'text/html', body: '<title>wallet</title>' })
    })
    await page.goto(`/donate/${emergency.id}`)
    await page.getByRole('heading', { name: 'Clinic generator' }).waitFor()
    const pageUrl = page.url()
    const origin = new URL(pageUrl).origin
    const choices = await pickerChoices(page, 'Sandbox wallet')
    expect(choices).toEqual(['Phantom', 'Solflare', 'Open in Phantom', 'Open in Solflare', 'Sandbox wallet'])
    await shot('wallets-ios-safari', { fullPage: false })

    // The app names the ledger it runs on; a phone wallet, which knows no local one, is said to call it Devnet.
    const connect = page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })
    expect(await connect.getByText('Local', { exact: true }).getAttribute('title')).toBe(
      'Local test ledger: test SOL, not real',
    )
    const dialog = page.getByRole('dialog')
    await dialog
      .getByText('Opens the Phantom app, which calls this local test ledger Devnet', { exact: true })
      .waitFor()
    expect(await dialog.getByText('Install', { exact: true }).count()).toBe(0)
    expect(await dialog.getByRole('link', { name: 'Open in Solflare' }).getAttribute('href')).toBe(
      `https://solflare.com/ul/v1/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`,
    )
    await dialog.getByRole('link', { name: 'Open in Phantom' }).click()
    await page.waitForURL(/^https:\/\/phantom\.app\//)
    const link = new URL(opened[0] ?? '')
    expect(link.pathname.startsWith('/ul/browse/')).toBe(true)
    expect(decodeURIComponent(link.pathname.slice('/ul/browse/'.length))).toBe(pageUrl)
    expect(link.searchParams.get('ref')).toBe(origin)
  })
})

describe("in Phantom's in-app browser", () => {
  const session = useSession(app, phoneWith(USER_AGENTS.phantomIos), async (context) => {
    await installPhantom(context, app.server().rpcUrl)
  })

  test('only the injected Phantom is offered, even in local mode', async () => {
    const { page, shot } = session()
    await page.goto(`/donate/${emergency.id}`)
    const choices = await pickerChoices(page, 'Phantom')
    expect(choices).toEqual(['Phantom'])
    await page.getByText("Works inside Phantom's browser").waitFor()
    await shot('wallets-phantom-in-app', { fullPage: false })
  })
})

/** Chrome's beforeinstallprompt as Chrome fires it; prompt() counts its calls and the user accepts. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        ;(window as unknown as { prompted: number }).prompted += 1
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    })
    ;(window as unknown as { prompted: number }).prompted = 0
    window.dispatchEvent(event)
  })
}

/** Runs the app as an installed one: display-mode standalone (Android) and navigator.standalone (iOS). */
async function asInstalledApp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const native = window.matchMedia.bind(window)
    window.matchMedia = (query: string) =>
      /display-mode:\s*standalone/.test(query)
        ? ({ ...native(query), matches: true, media: query } as MediaQueryList)
        : native(query)
    Object.defineProperty(navigator, 'standalone', { value: true })
  })
}

/** Moves to a second screen with the tab bar (the banner never shows over the first paint). */
async function moveOn(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Tabs' })
    .getByRole('link', { name: 'Explore Emergencies' })
    .click()
  await page.getByRole('heading', { name: 'Explore Emergencies', level: 1 }).waitFor()
}

const installOffer = (page: Page) => page.getByRole('complementary', { name: 'Install Lifeline' })

describe('installing on Android Chrome', () => {
  const session = useSession(app, phoneWith(USER_AGENTS.androidChrome))

  test('offers Install after beforeinstallprompt once the user moves on, and Install opens Chrome’s dialog', async () => {
    const { page, shot } = session()
    // Chrome makes its offer before the app (fetched after the first paint) has arrived: the app is held back.
    const release = await holdTheApp(page)
    await page.goto('/')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await offerInstall(page)
    release()
    await appTookOver(page)
    expect(await installOffer(page).count()).toBe(0)
    await moveOn(page)
    await installOffer(page).getByRole('button', { name: 'Install' }).waitFor()
    await shot('install-banner-android', { fullPage: false })
    await installOffer(page).getByRole('button', { name: 'Install' }).click()
    await installOffer(page).waitFor({ state: 'detached' })
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1)
  })
})

describe('installing on iOS Safari', () => {
  const session = useSession(app, phoneWith(USER_AGENTS.iosSafari))

  test('shows the two taps of Add to Home Screen in a sheet', async () => {
    const { page, shot } = session()
    await page.goto('/')
    await appTookOver(page)
    await moveOn(page)
    await installOffer(page).getByRole('button', { name: 'How' }).click()
    const sheet = page.getByRole('dialog', { name: 'Add to Home Screen' })
    const steps = await sheet.getByRole('listitem').allInnerTexts()
    expect(steps).toHaveLength(2)
    expect(steps[0]).toContain('Share')
    expect(steps[1]).toContain('Add to Home Screen')
    await shot('install-sheet-ios', { fullPage: false })
  })
})

describe.each([
  ['Android Chrome', USER_AGENTS.androidChrome],
  ['iOS Safari', USER_AGENTS.iosSafari],
])('as an installed app on %s', (_name, userAgent) => {
  const session = useSession(app, phoneWith(userAgent), asInstalledApp)

  test('offers no installing, neither the banner nor in the account sheet', async () => {
    const { page, context } = session()
    const user = await registerApiUser(app.server().url, `installed-${userAgent.length}@example.com`)
    await signedInAs(context, user)
    await page.goto('/')
    await appTookOver(page)
    await offerInstall(page)
    const bannerCode = page.waitForResponse(/\/InstallBanner-[\w-]+\.js$/)
    await moveOn(page)
    await bannerCode
    // The sheet reads the same install state as the banner, and renders it synchronously once open.
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'Account' }).click()
    const sheet = page.getByRole('dialog', { name: 'Account' })
    await sheet.getByRole('button', { name: 'Logout' }).waitFor()
    expect(await sheet.getByRole('button', { name: 'Install app' }).count()).toBe(0)
    expect(await installOffer(page).count()).toBe(0)
  })
})
