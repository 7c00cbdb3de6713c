// Unread chat messages on a phone (issue 29): the developer writes from their desk, and the investor's navigation
// says so on the next page the app takes: the Account tab, the account sheet's Investor Dashboard and the chat's
// link carry '1 unread message'; opening the room clears it. The data is real: an investor chat opened by an
// admin (KYC approved, the listing fee paid on the ledger, the interest approved).
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { registerApiUser, signedInAs, type ApiUser } from './harness/api-user'
import { investorChat } from './harness/api-world'
import { desktop, newContext, phoneWith, USER_AGENTS } from './harness/browser'
import { screenshot } from './harness/artifacts'
import { useApp, useSession } from './harness/session'
import { png } from './emergencies-fixtures'

const adminKeys = nacl.sign.keyPair()
const app = useApp({ adminWallets: [bs58.encode(adminKeys.publicKey)] })
const people = {} as { owner: ApiUser; investor: ApiUser; admin: ApiUser }
let chatSession: string

beforeAll(async () => {
  const url = app.server().url
  ;[people.owner, people.investor, people.admin] = await Promise.all([
    registerApiUser(url, 'owner-unread@example.com'),
    registerApiUser(url, 'investor-unread@example.com'),
    registerApiUser(url, 'admin-unread@example.com', adminKeys),
  ])
  ;({ chatSession } = await investorChat(url, people, await png({ r: 30, g: 90, b: 160 })))
})

/** The page's next read of the unread count. */
const unreadRead = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/airdrop/chat/unread/'))

describe('at 390×844 in Safari on an iPhone', () => {
  const session = useSession(app, phoneWith(USER_AGENTS.iosSafari))

  test("the developer's message shows as unread in the investor's navigation until the room is opened", async () => {
    const { page, context, shot } = session()
    await signedInAs(context, people.investor)
    const tabs = page.getByRole('navigation', { name: 'Tabs' })
    await page.goto('/explore')
    await tabs.getByRole('button', { name: 'Account', exact: true }).waitFor()

    const desk = await newContext(app.browser(), desktop, app.server().url)
    await signedInAs(desk, people.owner)
    const developer = await desk.newPage()
    await developer.goto(`/chat/${chatSession}`)
    await developer.getByRole('textbox', { name: 'Message', exact: true }).fill('The term sheet is in Files.')
    await developer.getByRole('button', { name: 'Send' }).click()
    await developer.getByRole('log').getByText('The term sheet is in Files.').waitFor()
    // Their own message is not unread for them.
    const counted = unreadRead(developer)
    await developer.goto('/airdrop/my')
    await counted
    await developer.getByRole('link', { name: 'Chat', exact: true }).waitFor()
    expect(await developer.getByRole('button', { name: /unread/ }).count()).toBe(0)

    // The next page the investor's app takes reads the count.
    await tabs.getByRole('link', { name: 'Fundraise Airdrop' }).click()
    const account = tabs.getByRole('button', { name: 'Account, 1 unread message' })
    await account.waitFor()
    expect(await account.getByText('1', { exact: true }).isVisible()).toBe(true)
    await shot('unread-tab', { fullPage: false })
    await account.click()
    const sheet = page.getByRole('dialog', { name: 'Account' })
    await sheet.getByRole('link', { name: 'Investor Dashboard, 1 unread message' }).click()
    const chatLink = page.getByRole('link', { name: 'Open chat, 1 unread message' })
    await chatLink.waitFor()
    await shot('unread-investor-dashboard')
    await chatLink.click()
    await page.getByRole('log').getByText('The term sheet is in Files.').waitFor()
    await tabs.getByRole('button', { name: 'Account', exact: true }).waitFor()

    // Read: it stays read on the next pages, and after a reload.
    await page.goBack()
    await page.getByRole('link', { name: 'Open chat', exact: true }).waitFor()
    const reread = unreadRead(page)
    await page.reload()
    await reread
    await page.getByRole('link', { name: 'Open chat', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: /unread/ }).count()).toBe(0)
    await screenshot(developer, 'desktop-chat-developer')
    await desk.close()
  })
})
