// The screens on a 390×844 phone, as a new user would tap through them (issue 8): every interactive element is
// a 44×44 px touch target, 'Donate' is on the first screen of a donation page, a signed-in investor reaches their
// chat from the tab bar in three taps, an admin reaches every admin screen from /admin, and an offline /explore
// says it is offline. The data is real: a boost and a donation paid on the local ledger, an investor chat opened
// by an admin.
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { registerApiUser, signedInAs, type ApiUser } from './harness/api-user'
import { boost, donate, investorChat } from './harness/api-world'
import { phoneWith, USER_AGENTS } from './harness/browser'
import { activeServiceWorker } from './harness/pwa'
import { appTookOver } from './harness/ui'
import { useApp, useSession } from './harness/session'
import { smallTouchTargets } from './harness/touch-targets'
import { createEmergencyAs, png, type CreatedEmergency } from './emergencies-fixtures'

const adminKeys = nacl.sign.keyPair()
const app = useApp({ adminWallets: [bs58.encode(adminKeys.publicKey)] })
const people = {} as { owner: ApiUser; investor: ApiUser; admin: ApiUser }
let emergency: CreatedEmergency
let chatSession: string

beforeAll(async () => {
  const url = app.server().url
  ;[people.owner, people.investor, people.admin] = await Promise.all([
    registerApiUser(url, 'owner-screens@example.com'),
    registerApiUser(url, 'investor-screens@example.com'),
    registerApiUser(url, 'admin-screens@example.com', adminKeys),
  ])
  emergency = await createEmergencyAs(url, people.owner.access, {
    title: 'Clinic roof after the storm',
    description: 'The storm tore the roof off the village clinic. Tiles, beams and two days of labour.',
  })
  await boost(url, people.owner, emergency.id)
  await donate(url, people.investor, emergency, 0.25, 'Stay strong')
  ;({ chatSession } = await investorChat(url, people, await png({ r: 30, g: 90, b: 160 })))
})

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Tabs' })

/** The part of the screen a finger sees first: inside the viewport and not covered by anything else. */
async function onFirstScreen(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const x = box.left + box.width / 2
    const y = box.top + box.height / 2
    const inside = box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0
    return inside && element.contains(document.elementFromPoint(x, y))
  })
}

describe('at 390×844 in Safari on an iPhone', () => {
  const session = useSession(app, phoneWith(USER_AGENTS.iosSafari))

  test('every interactive element on the main screens is at least 44×44 px', async () => {
    const { page, context, shot } = session()
    const screens: [string, string, Locator][] = [
      ['/', 'home', page.getByRole('link', { name: `Donate to ${emergency.title}` })],
      ['/explore', 'explore', page.getByRole('heading', { name: emergency.title })],
      [`/donate/${emergency.id}`, 'donate', page.getByText('Stay strong')],
      ['/public', 'public', page.getByRole('list', { name: 'Donations' }).getByText('0.25 SOL')],
      ['/login', 'login', page.getByRole('main').getByRole('button', { name: 'Select Wallet' })],
    ]
    const small: Record<string, unknown> = {}
    for (const [path, name, ready] of screens) {
      await page.goto(path)
      await ready.first().waitFor()
      small[path] = await smallTouchTargets(page)
      await shot(`screen-${name}`, { fullPage: false })
    }
    await signedInAs(context, people.owner)
    await page.goto('/dashboard')
    await page.getByRole('link', { name: emergency.title, exact: true }).waitFor()
    small['/dashboard'] = await smallTouchTargets(page)
    await shot('screen-dashboard', { fullPage: false })
    expect(small).toEqual(Object.fromEntries(Object.keys(small).map((path) => [path, []])))
  })

  test('the Donate button is on the first screen of a donation page and Flag as Scam comes after the form', async () => {
    const { page } = session()
    await page.goto(`/donate/${emergency.id}`)
    const donate = page.getByRole('button', { name: 'Donate', exact: true })
    await donate.waitFor()
    expect(await onFirstScreen(donate)).toBe(true)
    const flag = page.getByRole('button', { name: /Flag as Scam/ })
    const form = page.getByRole('form', { name: 'Donation' })
    expect(
      await form.evaluate(
        (f, other) => !!(f.compareDocumentPosition(other!) & 4),
        await flag.elementHandle(),
      ),
    ).toBe(true)
    expect(await onFirstScreen(flag)).toBe(false)

    await donate.click()
    const amount = form.getByLabel('Amount')
    await expect.poll(() => amount.evaluate((input) => input === document.activeElement)).toBe(true)
    await expect.poll(() => onFirstScreen(amount)).toBe(true)
  })

  test('a signed-in investor reaches their chat from the tab bar in three taps', async () => {
    const { page, context, shot } = session()
    await signedInAs(context, people.investor)
    await page.goto('/explore')
    await tabs(page).getByRole('button', { name: 'Account' }).click()
    await shot('account-sheet', { fullPage: false })
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('link', { name: 'Investor Dashboard' })
      .click()
    await page.getByRole('link', { name: 'Open chat' }).click()
    await page.waitForURL(`**/chat/${chatSession}`)
    await page.getByRole('button', { name: 'Send' }).waitFor()
    await shot('screen-chat', { fullPage: false })
  })

  test('an admin reaches every admin screen from /admin, each behind the sign-in guard', async () => {
    const { page, context, shot } = session()
    await page.goto('/admin/campaign-pay')
    await page.waitForURL((url) => url.pathname === '/login')
    await signedInAs(context, people.admin)
    await page.goto('/explore')
    await tabs(page).getByRole('button', { name: 'Account' }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Admin' }).click()
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor()
    await shot('screen-admin', { fullPage: false })
    const screens: [string, string][] = [
      ['Flagged emergencies', 'Flagged Emergencies'],
      ['KYC submissions', 'KYC submissions'],
      ['Campaign payments', 'Campaign payments'],
      ['Investment intents', 'Investment intents'],
    ]
    // Every admin chip is whole on the screen (issue 29: 'Payme…' ran off its edge).
    const width = page.viewportSize()?.width ?? 0
    for (const chip of await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').all()) {
      const box = await chip.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= width, await chip.innerText()).toBe(true)
    }
    for (const [link, heading] of screens) {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click()
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await shot(`screen-admin-${link.toLowerCase().replace(/ /g, '-')}`, { fullPage: false })
    }
    // A row as a card: the message's label stays one word on its line, not a column of letters ('M-E-S-S-A-G-E').
    const message = page.locator('td[data-label="Message"]').first()
    await message.getByText('We would like to back the pilot.').waitFor()
    const labelHeight = await message.evaluate((cell) => {
      const probe = document.createElement('span')
      probe.textContent = 'M'
      cell.prepend(probe)
      const line = probe.getBoundingClientRect().height
      probe.remove()
      return { cell: cell.getBoundingClientRect().height, line }
    })
    expect(labelHeight.cell).toBeLessThan(labelHeight.line * 4)
  })

  test('a bottom sheet follows the finger and closes when dragged down; ×, Escape and the backdrop close it too', async () => {
    const { page, shot } = session()
    await page.goto(`/donate/${emergency.id}`)
    await appTookOver(page)
    const picker = page.getByRole('dialog', { name: 'Select Wallet' })
    const open = async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
      await picker.waitFor()
      // framer-motion's sheet (loaded in idle time after the first screen), not the plain one.
      await page.locator('[data-motion="sheet"]').waitFor()
      await page.waitForTimeout(400)
    }
    await open()
    const top = (await picker.boundingBox())!.y
    const grip = { x: 195, y: top + 24 }
    await page.mouse.move(grip.x, grip.y)
    await page.mouse.down()
    for (let step = 1; step <= 4; step++) await page.mouse.move(grip.x, grip.y + step * 20, { steps: 2 })
    // Dragged 80 px: the sheet has followed the finger, and a release here would bring it back.
    expect((await picker.boundingBox())!.y).toBeGreaterThan(top + 60)
    await shot('sheet-dragging', { fullPage: false })
    for (let step = 5; step <= 10; step++) await page.mouse.move(grip.x, grip.y + step * 20, { steps: 2 })
    await page.mouse.up()
    await picker.waitFor({ state: 'detached' })

    await open()
    await picker.getByRole('button', { name: 'Close' }).click()
    await picker.waitFor({ state: 'detached' })
    await open()
    await page.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })
    await open()
    await page.mouse.click(195, 40)
    await picker.waitFor({ state: 'detached' })
  })

  test('offline, /explore says it is offline instead of claiming nothing matched', async () => {
    const { page, context, shot } = session()
    await page.goto('/')
    await activeServiceWorker(page)
    await page.reload()
    await page.getByRole('link', { name: `Donate to ${emergency.title}` }).waitFor()
    await context.setOffline(true)
    await tabs(page).getByRole('link', { name: 'Explore Emergencies' }).click()
    await page.getByText(/^You are offline\. This list is not saved/).waitFor()
    expect(await page.getByText('No emergencies matched your search.').count()).toBe(0)
    await shot('screen-explore-offline', { fullPage: false })
    await context.setOffline(false)
  })

  test('a confirmed scam’s donor is told: the Account tab counts it and the sheet says it', async () => {
    const { page, context, shot } = session()
    const url = app.server().url
    const scam = await createEmergencyAs(url, people.owner.access, { title: 'Copied appeal' })
    await donate(url, people.investor, scam, 0.1)
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${url}/api/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
    expect((await post(`emergency/${scam.id}/flag/`, { reason: 'Photos from a news site' })).status).toBe(200)
    const review = await post(
      `emergency/admin/${scam.id}/review/`,
      { action: 'approve' },
      people.admin.access,
    )
    expect(review.status).toBe(200)

    await signedInAs(context, people.investor)
    await page.goto('/explore')
    const tab = tabs(page).getByRole('button', { name: 'Account, 1 unread notification' })
    await tab.waitFor()
    await shot('account-tab-unread', { fullPage: false })
    await tab.click()
    const notices = page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('region', { name: 'Notifications' })
    await notices.getByText('Copied appeal', { exact: false }).waitFor()
    await notices.getByText('New', { exact: true }).waitFor()
    await shot('account-notifications', { fullPage: false })
    await tabs(page).getByRole('button', { name: 'Account', exact: true }).waitFor()
  })
})
