// Live donations (issue 29): a donation made in one browser appears, without a reload, on another visitor's open
// /public feed and on their open donate page (its progress bar, its sticky bar's figures and the live panel), and on
// the campaigner's open dashboard (the emergency's row and the headline), through the server's live stream
// (GET /api/live/donations/).
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { screenshot } from './harness/artifacts'
import { newContext, viewports } from './harness/browser'
import { watchConsole, type ConsoleWatch } from './harness/console'
import { airdrop } from './harness/faucet'
import { installPhantom, type PhantomDouble } from './harness/phantom'
import { useApp, useSession } from './harness/session'
import { seeText } from './harness/ui'
import { registerApiUser, signedInAs } from './harness/api-user'
import { createEmergencyAs, randomAddress, registerThroughUi } from './emergencies-fixtures'

const app = useApp()
const PHANTOM = /^Phantom/
/** The issue asks for 2 s; this loaded test machine gets slack (bench/live.bench.ts measures the delay). */
const LIVE_WITHIN_MS = 6_000

/** Opens `path` and waits until its live stream answered, so what comes next can only arrive through it. */
async function openLive(page: Page, path: string) {
  const streaming = page.waitForResponse((response) => response.url().includes('/api/live/donations/'))
  await page.goto(path)
  expect((await streaming).status()).toBe(200)
  // A reload would lose this mark: the page that shows the donation is the one opened before it.
  await page.evaluate(() => ((window as { opened?: boolean }).opened = true))
}

const stillOpen = (page: Page) => page.evaluate(() => (window as { opened?: boolean }).opened === true)

describe.each(viewports)('at the $name viewport', (viewport) => {
  let wallet: PhantomDouble
  const session = useSession(app, viewport, async (context) => {
    wallet = await installPhantom(context, app.server().rpcUrl)
  })
  let visitor: { context: BrowserContext; console: ConsoleWatch } | undefined
  afterEach(async () => {
    const unexpected = visitor?.console.unexpected() ?? []
    await visitor?.context.close()
    visitor = undefined
    expect(unexpected).toEqual([])
  })

  test("a donation shows on another visitor's open feed and donate page without a reload", async () => {
    const { page } = session()
    const { url, rpcUrl } = app.server()
    await registerThroughUi(page, PHANTOM, `live-${viewport.name}@example.com`)
    await airdrop(rpcUrl, wallet.address(), 2)
    const campaigner = await registerApiUser(url, `live-owner-${viewport.name}@example.com`)
    const emergency = await createEmergencyAs(url, campaigner.access, {
      title: `Live relief ${viewport.name}`,
      sol_goal: '2',
      receiving_wallet: randomAddress(),
    })

    const context = await newContext(app.browser(), viewport, url)
    visitor = { context, console: watchConsole(context) }
    const feed = await context.newPage()
    const donate = await context.newPage()
    await openLive(feed, '/public')
    await openLive(donate, `/donate/${emergency.id}`)
    await donate.getByRole('progressbar', { name: 'Raised of goal' }).waitFor()
    expect(await donate.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0')
    // The campaigner's dashboard, open on their own device: the emergency's row and the headline follow too.
    const owner = await newContext(app.browser(), viewport, url)
    await signedInAs(owner, campaigner)
    const dashboard = await owner.newPage()
    await openLive(dashboard, '/dashboard')
    const raised = dashboard.getByRole('region', { name: 'Raised summary' })
    await raised.getByText('0.00 SOL', { exact: true }).waitFor()

    await page.goto(`/donate/${emergency.id}`)
    await page.getByLabel('Amount').fill('0.5')
    await page.getByRole('switch', { name: 'Add a comment' }).check()
    await page.getByRole('textbox', { name: 'Comment' }).fill('Live from the other tab')
    await page.getByRole('button', { name: 'Donate with Phantom' }).click()
    await seeText(page, 'Thank you! Your donation is confirmed and recorded.')

    const rows = feed.getByRole('list', { name: 'Donations' })
    await rows.getByRole('link', { name: emergency.title }).waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await rows.getByRole('listitem').first().textContent()).toContain('Live from the other tab')
    expect(await stillOpen(feed)).toBe(true)

    const panel = donate.getByRole('region', { name: 'Live donations' })
    await panel.getByText('Live from the other tab', { exact: true }).waitFor({ timeout: LIVE_WITHIN_MS })
    await donate.locator('[role="progressbar"][aria-valuenow="25"]').waitFor({ timeout: LIVE_WITHIN_MS })
    await donate.getByText('0.50 SOL', { exact: true }).first().waitFor()
    expect(await stillOpen(donate)).toBe(true)

    const mine = dashboard.getByRole('region', { name: 'My Emergencies' })
    await mine.locator('[role="progressbar"][aria-valuenow="25"]').waitFor({ timeout: LIVE_WITHIN_MS })
    await raised.getByText('0.50 SOL', { exact: true }).waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await stillOpen(dashboard)).toBe(true)
    await owner.close()

    await feed.bringToFront()
    await screenshot(feed, `${viewport.name}-live-feed`, { fullPage: false })
    await donate.bringToFront()
    await screenshot(donate, `${viewport.name}-live-donate`, { fullPage: false })

    // Reading further down: the next donation waits behind a button instead of moving what is read.
    await feed.bringToFront()
    await feed.setViewportSize({ width: viewport.options.viewport!.width, height: 420 })
    await feed.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const shown = await rows.getByRole('listitem').count()
    const listTop = () => rows.evaluate((list) => list.getBoundingClientRect().top)
    expect(await listTop()).toBeLessThan(0)
    await page.goto(`/donate/${emergency.id}`)
    await page.getByLabel('Amount').fill('0.25')
    await page.getByRole('button', { name: 'Donate with Phantom' }).click()
    await seeText(page, 'Thank you! Your donation is confirmed and recorded.')
    const waiting = feed.getByRole('button', { name: '↑ 1 new donation' })
    await waiting.waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await rows.getByRole('listitem').count()).toBe(shown)
    await screenshot(feed, `${viewport.name}-live-feed-waiting`, { fullPage: false })
    await waiting.click()
    const top = rows.getByRole('listitem').first()
    await top.getByText('0.25 SOL', { exact: true }).waitFor()
    expect(await top.getByRole('link', { name: emergency.title }).count()).toBe(1)
    expect(await rows.getByRole('listitem').count()).toBe(shown + 1)
    expect(await stillOpen(feed)).toBe(true)
  })
})
