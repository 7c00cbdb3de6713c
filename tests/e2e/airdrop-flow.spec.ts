// The airdrop flow on a phone against the real server and ledger: the owner registers with the injected Phantom,
// submits KYC with an ID image, an admin (a second wallet in ADMIN_WALLETS) approves it, the owner creates a
// campaign and pays the 0.5 SOL listing fee in a real transaction; then an investor's interest is approved by the
// admin and investor and owner talk in the chat.
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { desktop, phone, newContext, type Viewport } from './harness/browser'
import { screenshot } from './harness/artifacts'
import { airdrop } from './harness/faucet'
import { installPhantom } from './harness/phantom'
import { rpc } from './harness/rpc'
import { useApp, useSession } from './harness/session'
import { atPath, seeText } from './harness/ui'
import { png, registerThroughUi } from './emergencies-fixtures'

const adminKeys = nacl.sign.keyPair()
const app = useApp({ adminWallets: [bs58.encode(adminKeys.publicKey)] })
const PHANTOM = /^Phantom/
const ID_PHOTO = 'Take or choose a photo of your ID'
/** The admin's and the investor's pages, screenshotted when the test fails. */
const others: Page[] = []

/** A second signed-in person in its own browser context (own storage, own injected wallet). */
async function person(
  keys: nacl.SignKeyPair,
  email: string,
  viewport: Viewport = phone,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(app.browser(), viewport, app.server().url)
  await installPhantom(context, app.server().rpcUrl, keys)
  const page = await context.newPage()
  others.push(page)
  await registerThroughUi(page, PHANTOM, email)
  return { context, page }
}

async function submitKyc(page: Page, name: string, filled?: () => Promise<unknown>) {
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Country').fill('Portugal')
  await page.getByLabel('Full address').fill('Rua Augusta 1, Lisboa')
  const buffer = await png({ r: 30, g: 90, b: 160 })
  // the drop zone of /create, one photo (issue 29)
  await page.getByLabel(ID_PHOTO).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer })
  await page.getByRole('img', { name: 'New image passport.png' }).waitFor()
  await filled?.()
  await page.getByRole('button', { name: 'Submit KYC' }).click()
}

async function approveKyc(admin: Page, name: string) {
  await admin.goto('/admin/kyc-submissions')
  const card = admin.getByRole('article', { name: `KYC of ${name}` })
  await card.getByRole('img', { name: `ID of ${name}` }).waitFor()
  const src = await card.getByRole('img', { name: `ID of ${name}` }).getAttribute('src')
  expect(src).toMatch(/^blob:/)
  await screenshot(admin, `desktop-admin-kyc-${name.split(' ')[0]?.toLowerCase()}`)
  await card.getByRole('button', { name: 'Approve' }).click()
  await seeText(admin, 'KYC approved.')
}

describe('the airdrop flow at the phone viewport', () => {
  const session = useSession(app, phone, async (context) => {
    await installPhantom(context, app.server().rpcUrl)
  })

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      for (const [n, other] of others.entries())
        await screenshot(other, `FAILED-other-${n}`).catch(() => undefined)
    others.length = 0
  })

  test(
    'KYC, admin approval, campaign, on-chain listing fee, listed; then interest, approval and a chat',
    { timeout: 240_000 },
    async () => {
      const { page, shot } = session()
      const { rpcUrl } = app.server()
      await registerThroughUi(page, PHANTOM, 'owner@example.com')
      const owner = await page.evaluate(() => localStorage.getItem('wallet'))
      await airdrop(rpcUrl, owner ?? '', 2)

      await page.goto('/airdrops')
      await shot('airdrops-landing')
      await page.getByRole('button', { name: 'Launch Campaign' }).click()
      await atPath(page, '/airdrop/start')
      await page.getByRole('link', { name: 'Complete KYC' }).click()
      await atPath(page, '/airdrop/kyc')
      await page.getByRole('button', { name: 'Submit KYC' }).click()
      await seeText(page, 'Full name is required.')
      // The ID photo offers the phone's camera, and a photo over the limit is refused when picked, by name.
      const idPhoto = page.getByLabel(ID_PHOTO)
      expect(await idPhoto.getAttribute('capture')).toBe('environment')
      await page
        .getByText(/up to 5 MB/)
        .first()
        .waitFor()
      await idPhoto.setInputFiles({
        name: 'scan.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
      })
      await seeText(page, 'scan.png: File too large. Maximum allowed size is 5MB.')
      await submitKyc(page, 'Olga Owner', () => shot('kyc-form', { fullPage: true }))
      await seeText(page, 'KYC submitted. An admin will review it shortly.')
      await atPath(page, '/airdrop/start')
      await seeText(page, 'KYC pending')
      await shot('kyc-pending')

      // The admin works at a desk.
      const admin = await person(adminKeys, 'admin@example.com', desktop)
      await approveKyc(admin.page, 'Olga Owner')
      await shot('after-kyc-approval')

      await page.goto('/airdrop/start')
      await page.getByRole('link', { name: 'Create Campaign' }).click()
      await atPath(page, '/airdrop/create')
      await page.getByLabel('Project name').fill('Solar Seeds')
      await page
        .getByLabel('Description')
        .fill('Open-source solar kits for rural schools, funded by an airdrop.')
      await page.getByLabel('SOL goal').fill('0.001')
      await page.getByRole('button', { name: 'Create Campaign' }).click()
      await seeText(page, 'The goal must be at least 0.01 SOL.')
      await page.getByLabel('SOL goal').fill('25')
      await page.getByLabel('Website (optional)').fill('https://solarseeds.example')
      await page.getByLabel('Add the campaign image').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: await png({ r: 240, g: 180, b: 40 }),
      })
      await page.getByRole('img', { name: 'New image logo.png' }).waitFor()
      await shot('create-campaign', { fullPage: true })
      await page.getByRole('button', { name: 'Create Campaign' }).click()
      await page.waitForURL(/\/airdrop\/payment\/\d+$/)
      await page.getByRole('button', { name: 'Pay 0.5 SOL' }).waitFor()
      await shot('payment')
      const { value: platformBefore } = await rpc<{ value: number }>(rpcUrl, 'getBalance', [
        await platformWallet(),
      ])
      await page.getByRole('button', { name: 'Pay 0.5 SOL' }).click()
      // Asked once before the wallet opens (issue 29): nothing is paid until the question is answered.
      const ask = page.getByRole('dialog', { name: 'Pay the listing fee?' })
      await ask.getByText('0.5 SOL', { exact: true }).waitFor()
      await shot('listing-fee-confirm')
      await ask.getByRole('button', { name: 'Pay 0.5 SOL' }).click()
      await seeText(page, 'Payment verified and campaign listed.')
      await atPath(page, '/airdrop/my')
      const { value: platformAfter } = await rpc<{ value: number }>(rpcUrl, 'getBalance', [
        await platformWallet(),
      ])
      expect(platformAfter - platformBefore).toBe(500_000_000)
      const row = page.getByRole('row', { name: /Solar Seeds/ })
      await row.getByText('Listed', { exact: true }).waitFor()
      await shot('my-campaigns-listed')

      await page.goto('/airdrops-list')
      await page.getByRole('heading', { name: 'Solar Seeds' }).waitFor()
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
      await shot('airdrops-list')

      // The owner sees no invest button on their own campaign.
      await page.getByRole('link', { name: /View campaign/ }).click()
      // The list's card has the same heading and badge: the campaign's own address is what says it opened.
      await page.waitForURL(/\/airdrops\/view\/\d+$/)
      await page.getByRole('heading', { name: 'Solar Seeds' }).waitFor()
      await page.getByText('✓ Verified').waitFor()
      expect(await page.getByRole('button', { name: 'Express Interest to Invest' }).count()).toBe(0)
      const campaignPath = new URL(page.url()).pathname

      // An investor: KYC, admin approval, interest, admin approval opens the chat.
      const investor = await person(nacl.sign.keyPair(), 'ivan@example.com', desktop)
      await investor.page.goto(campaignPath)
      await clickInvest(investor.page)
      await seeText(investor.page, 'KYC verification is required before investing')
      await atPath(investor.page, '/investor/kyc')
      await submitKyc(investor.page, 'Ivan Investor')
      await atPath(investor.page, '/investor/dashboard')
      // Pending (issue 29): the KYC screen says so instead of a blank form, and the interest form waits for it.
      await investor.page.goto('/investor/kyc')
      await investor.page.getByText('Your KYC is under review.', { exact: false }).waitFor()
      expect(await investor.page.getByRole('button', { name: 'Submit KYC' }).count()).toBe(0)
      await investor.page.goto(campaignPath.replace('/airdrops/view/', '/airdrops/invest/'))
      await atPath(investor.page, '/investor/kyc')
      await approveKyc(admin.page, 'Ivan Investor')
      // A fresh load: users/me/ now says approved.
      await investor.page.goto(campaignPath)
      await clickInvest(investor.page)
      await investor.page.waitForURL(/\/airdrops\/invest\/\d+$/)
      await investor.page.getByLabel('Proposed amount (SOL)').fill('5')
      await investor.page
        .getByLabel('Message', { exact: true })
        .fill('We would like to back the pilot in two schools.')
      await investor.page.getByRole('button', { name: 'Submit interest' }).click()
      await atPath(investor.page, '/investor/dashboard')
      await investor.page
        .getByRole('row', { name: /Solar Seeds/ })
        .getByText('Pending')
        .waitFor()

      await admin.page.goto('/admin/investview')
      await admin.page
        .getByRole('row', { name: /Solar Seeds/ })
        .getByRole('button', { name: 'Approve' })
        .click()
      await admin.page
        .getByRole('row', { name: /Solar Seeds/ })
        .getByText('Chat Opened')
        .waitFor()
      await screenshot(admin.page, 'desktop-admin-investview')
      await admin.page.goto('/admin/campaign-pay')
      await admin.page
        .getByRole('row', { name: /Solar Seeds/ })
        .getByText('Confirmed')
        .waitFor()
      expect(
        await admin.page
          .getByRole('row', { name: /Solar Seeds/ })
          .getByRole('button')
          .count(),
      ).toBe(0)
      await screenshot(admin.page, 'desktop-admin-campaign-pay')
      await admin.page.goto(campaignPath)
      await admin.page.getByRole('heading', { name: 'Solar Seeds' }).waitFor()
      await admin.page.getByText('Investor Involved').waitFor()
      await screenshot(admin.page, 'desktop-campaign-view')

      await investor.page.reload()
      await investor.page
        .getByRole('row', { name: /Solar Seeds/ })
        .getByText('Chat Opened')
        .waitFor()
      await investor.page.getByRole('link', { name: 'Open chat' }).click()
      await investor.page.waitForURL(/\/chat\//)
      const chatPath = new URL(investor.page.url()).pathname
      await investor.page.reload() // the room also opens from its own address
      expect(await investor.page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
      await investor.page
        .getByRole('textbox', { name: 'Message', exact: true })
        .fill('Hello from the investor')
      await investor.page.getByRole('button', { name: 'Send' }).click()
      await investor.page.getByRole('log').getByText('Hello from the investor').waitFor()

      await page.goto('/airdrop/my')
      await page
        .getByRole('row', { name: /Solar Seeds/ })
        .getByRole('link', { name: /Chat/ })
        .click()
      await atPath(page, chatPath)
      // The header names the campaign and the other party (issue 29).
      await page.getByRole('heading', { level: 1, name: 'Solar Seeds' }).waitFor()
      await seeText(page, 'With Ivan Investor (Investor)')
      await page.getByRole('log').getByText('Hello from the investor').waitFor()
      // Enter is a new line on a phone; Send sends.
      const box = page.getByRole('textbox', { name: 'Message', exact: true })
      await box.fill('Welcome aboard')
      await box.press('Enter')
      await box.pressSequentially('See you soon')
      expect(await box.inputValue()).toBe('Welcome aboard\nSee you soon')
      await page.getByRole('button', { name: 'Send' }).click()
      await shot('chat-owner')
      await page.getByRole('button', { name: 'Files' }).click()
      await page.getByRole('dialog', { name: 'Documents' }).getByLabel('Upload a document').waitFor()
      await shot('chat-files-modal')
      await page.keyboard.press('Escape')
      await investor.page
        .getByRole('log')
        .getByText(/Welcome aboard\s+See you soon/)
        .waitFor({ timeout: 15_000 })
      await screenshot(investor.page, 'desktop-chat-investor')
      await investor.page.goto('/investor/dashboard')
      await investor.page.getByRole('link', { name: 'Open chat' }).waitFor()
      await screenshot(investor.page, 'desktop-investor-dashboard')

      await admin.context.close()
      await investor.context.close()
    },
  )
})

/** Clicks 'Express Interest to Invest' until the profile has loaded (the button then leaves the page). */
async function clickInvest(page: Page) {
  const button = page.getByRole('button', { name: 'Express Interest to Invest' })
  await button.waitFor()
  for (let attempt = 0; attempt < 20 && (await button.count()) > 0; attempt++) {
    await button.click()
    await new Promise((done) => setTimeout(done, 500))
  }
}

async function platformWallet(): Promise<string> {
  const response = await fetch(`${app.server().url}/api/config/`)
  return ((await response.json()) as { platform_wallet: string }).platform_wallet
}
