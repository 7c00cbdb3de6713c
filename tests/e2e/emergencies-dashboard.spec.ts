// The dashboard after a real donation and a boost paid on the local ledger; the admin screens for an admin wallet
// and /unauthorized for anyone else.
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { viewports } from './harness/browser'
import { airdrop } from './harness/faucet'
import { installPhantom, type PhantomDouble } from './harness/phantom'
import { useApp, useSession } from './harness/session'
import { atPath, seeText } from './harness/ui'
import { createEmergencyApi, registerThroughUi } from './emergencies-fixtures'

const admins = Object.fromEntries(
  viewports.map((viewport, i) => [viewport.name, nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(i + 7))]),
)
const app = useApp({ adminWallets: Object.values(admins).map((keys) => bs58.encode(keys.publicKey)) })
const PHANTOM = /^Phantom/

describe.each(viewports)('at the $name viewport', (viewport) => {
  let wallet: PhantomDouble
  const session = useSession(app, viewport, async (context) => {
    wallet = await installPhantom(context, app.server().rpcUrl)
  })

  test('shows my donation, tip and badge, boosts my emergency and deletes it', async () => {
    const { page, shot } = session()
    const { url, rpcUrl } = app.server()
    await registerThroughUi(page, PHANTOM, `dash-${viewport.name}@example.com`)
    await airdrop(rpcUrl, wallet.address(), 2)
    const emergency = await createEmergencyApi(url, page, { title: `School roof ${viewport.name}` })

    await page.goto(`/donate/${emergency.id}`)
    await page.getByLabel('Amount').fill('0.2')
    await page.getByRole('button', { name: 'Donate with Phantom' }).click()
    await page.getByRole('link', { name: 'My donations' }).click()
    await atPath(page, '/dashboard')
    await page.getByRole('heading', { name: 'My Dashboard' }).waitFor()
    // A campaigner's headline is what their emergencies raised (issue 29); their giving follows.
    const raised = page.getByRole('region', { name: 'Raised summary' })
    await raised.getByText('0.20 SOL', { exact: true }).waitFor()
    expect(await raised.locator('strong').allTextContents()).toEqual(['0.20 SOL', '0.00 USDC', '1', '1'])
    const summary = page.getByRole('region', { name: 'Donation summary' })
    await summary.getByText('0.20 SOL', { exact: true }).waitFor()
    await summary.getByText('0.01 SOL', { exact: true }).waitFor()
    const donations = page.getByRole('region', { name: 'My Donations' })
    await donations.getByRole('link', { name: emergency.title }).waitFor()
    await page.getByRole('region', { name: 'Latest Tips' }).getByText('0.01 SOL', { exact: true }).waitFor()
    const badges = page.getByRole('region', { name: 'My Badges' })
    await badges.getByRole('listitem').first().waitFor()
    await shot('dashboard')

    const mine = page.getByRole('region', { name: 'My Emergencies' })
    // A compact row: its title links to the emergency, no full card.
    await mine.getByRole('link', { name: emergency.title }).waitFor()
    expect(await mine.getByRole('article').count()).toBe(0)
    // The price is on the button, and the wallet opens only after one question (issue 29).
    await mine.getByRole('button', { name: 'Boost · 0.1 SOL', exact: true }).click()
    const ask = page.getByRole('dialog', { name: 'Boost this emergency?' })
    await ask.getByText('0.1 SOL', { exact: true }).waitFor()
    await shot('boost-confirm')
    await ask.getByRole('button', { name: 'Pay 0.1 SOL and boost' }).click()
    await seeText(page, 'Emergency boosted successfully!')
    const boosted = mine.getByRole('button', { name: 'Boosted' })
    await boosted.waitFor()
    expect(await boosted.isDisabled()).toBe(true)

    await mine.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('dialog', { name: 'Delete this emergency?' })
      .getByRole('button', { name: 'Yes, Delete' })
      .click()
    await seeText(page, 'Emergency deleted.')
    await mine.getByText("You haven't created any emergencies yet.", { exact: true }).waitFor()
  })

  test('sends a signed-in non-admin from /admin and /admin/flagged to /unauthorized', async () => {
    const { page } = session()
    await registerThroughUi(page, PHANTOM, `visitor-${viewport.name}@example.com`)
    await page.goto('/admin')
    await atPath(page, '/unauthorized')
    await page.goto('/admin/flagged')
    await atPath(page, '/unauthorized')
  })

  describe('as an admin', () => {
    const adminSession = useSession(app, viewport, async (context) => {
      await installPhantom(context, app.server().rpcUrl, admins[viewport.name])
    })

    test('sees each flag’s count and reason, triages it (donors are warned), then rejects it; the list reloads empty', async () => {
      const { page, shot } = adminSession()
      const { url } = app.server()
      await registerThroughUi(page, PHANTOM, `admin-${viewport.name}@example.com`)
      const emergency = await createEmergencyApi(url, page, { title: `Flagged one ${viewport.name}` })
      const flagged = await fetch(`${url}/api/emergency/${emergency.id}/flag/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Looks copied' }),
      })
      expect(flagged.status).toBe(200)

      await page.goto('/admin')
      await page.getByText('Total platform tips', { exact: true }).waitFor()
      await page.goto('/admin/flagged')
      const row = page.getByRole('row').filter({ hasText: emergency.title })
      await row.getByText('Looks copied', { exact: true }).waitFor()
      await row.getByText('1 flag', { exact: true }).waitFor()
      await shot('admin-flagged')

      await row.getByRole('button', { name: 'Triage' }).click()
      const triage = page.getByRole('dialog', { name: 'Put under review' })
      await triage.getByRole('button', { name: 'Triage' }).click()
      await row.getByText('Under review (triaged)', { exact: true }).waitFor()
      expect(await row.getByRole('button', { name: 'Triage' }).count()).toBe(0)

      await page.goto(`/donate/${emergency.id}`)
      // In the donate card, above its form: read before any wallet is asked to sign.
      const card = page.getByRole('region', { name: 'Donate', exact: true })
      const warning = card.getByRole('note', { name: 'Under review' })
      await warning.waitFor()
      await card.getByLabel('Amount').waitFor()
      // Read in one go: a signed-in visitor's page is drawn afresh once the app has it, replacing both elements.
      const warnedFirst = await card.evaluate((section) => {
        const note = section.querySelector('[role="note"][aria-label="Under review"]')
        const field = section.querySelector('input[id$="-amount"]')
        return Boolean(
          note && field && note.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING,
        )
      })
      expect(warnedFirst).toBe(true)
      await warning.scrollIntoViewIfNeeded()
      await shot('donate-under-review')

      await page.goto('/admin/flagged')
      await row.getByRole('button', { name: 'Reject' }).click()
      const dialog = page.getByRole('dialog', { name: 'Reject the flags' })
      await dialog.getByLabel('Comment (optional)').fill('Verified with the hospital')
      await dialog.getByRole('button', { name: 'Reject' }).click()
      await page.getByText('No flagged emergencies to review.', { exact: true }).waitFor()
      const detail = await fetch(`${url}/api/emergency/detail/${emergency.id}/`).then((r) => r.json())
      expect((detail as { is_flagged: boolean }).is_flagged).toBe(false)
    })
  })
})
