// The connection matrix in a real browser (issue 8): each row's phone sees the right ways to connect in the
// wallet picker, in order. The server runs in local mode, so the Sandbox wallet is always in play.
import { beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { registerApiUser } from './harness/api-user'
import { phoneWith, USER_AGENTS } from './harness/browser'
import { installPhantom } from './harness/phantom'
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
    expect(choices[0]).toBe('Mobile Wallet Adapter')
    expect(choices.at(-1)).toBe('Sandbox wallet')
    expect(choices).not.toContain('Install')
    await page.getByText('Opens a wallet app installed on this phone').waitFor()
    await shot('wallets-android-chrome')
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
    expect(choices).toEqual(expect.arrayContaining(['Open in Phantom', 'Open in Solflare']))
    await shot('wallets-ios-safari')

    const dialog = page.getByRole('dialog')
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
    await shot('wallets-phantom-in-app')
  })
})
