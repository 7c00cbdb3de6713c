// A donation the app missed, recovered by its signature and proven by its receipt (issue 31): the donor sends a
// plain transfer to the emergency's address from their wallet (as someone who copied it would), the page does not
// count it; "Donated but don't see it?" with the pasted signature does, the receipt shows it and prints on one A4
// page, and the dashboard's history and both CSV downloads hold it. Real ledger, real server, real Chromium.
import { readFile } from 'node:fs/promises'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import nacl from 'tweetnacl'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { screenshot } from './harness/artifacts'
import { desktop, newContext, phoneWith, USER_AGENTS, type Viewport, viewports } from './harness/browser'
import { airdrop, waitForConfirmation } from './harness/faucet'
import { installPhantom } from './harness/phantom'
import { rpc } from './harness/rpc'
import { smallTouchTargets } from './harness/touch-targets'
import { useApp, useSession } from './harness/session'
import { appTookOver, atPath, seeText } from './harness/ui'
import { createEmergencyApi, getJson, randomAddress, registerThroughUi } from './emergencies-fixtures'

const app = useApp()
const PHANTOM = /^Phantom/

/** A System transfer signed by `from` alone, sent outside the app: no donation is posted for it. */
async function plainTransfer(rpcUrl: string, from: Keypair, to: string, lamports: number): Promise<string> {
  const { value } = await rpc<{ value: { blockhash: string } }>(rpcUrl, 'getLatestBlockhash', [
    { commitment: 'confirmed' },
  ])
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: value.blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports }),
  )
  tx.sign(from)
  const signature = await rpc<string>(rpcUrl, 'sendTransaction', [
    tx.serialize().toString('base64'),
    { encoding: 'base64' },
  ])
  return waitForConfirmation(rpcUrl, signature)
}

/** Clicks a download button and returns the downloaded file's text. */
async function downloaded(page: Page, button: string, within = page.getByRole('main')): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    within.getByRole('button', { name: button }).first().click(),
  ])
  return readFile((await download.path())!, 'utf8')
}

/** A session whose injected wallet is `donor`, a keypair this file also signs with outside the app. */
function donorSession(viewport: Viewport) {
  const keys = nacl.sign.keyPair()
  const donor = Keypair.fromSecretKey(keys.secretKey)
  const session = useSession(app, viewport, async (context) => {
    await installPhantom(context, app.server().rpcUrl, keys)
  })
  return { donor, session }
}

/** The donor registers, creates an emergency and pays its wallet `lamports` by a plain transfer. */
async function missedDonation(page: Page, donor: Keypair, email: string, title: string, lamports: number) {
  const { url, rpcUrl } = app.server()
  await registerThroughUi(page, PHANTOM, email)
  await airdrop(rpcUrl, donor.publicKey.toBase58(), 2)
  const emergency = await createEmergencyApi(url, page, { title, receiving_wallet: randomAddress() })
  const signature = await plainTransfer(rpcUrl, donor, emergency.receiving_wallet, lamports)
  return { emergency, signature }
}

/** On the emergency's page, "Donated but don't see it?" opened and the signature pasted. */
async function pasteOnDonatePage(page: Page, emergency: { id: number; title: string }, signature: string) {
  await page.goto(`/donate/${emergency.id}`)
  await page.getByRole('heading', { name: emergency.title }).waitFor()
  // Signed in, the page is drawn afresh when the app takes it over: a summary opened before that closes again.
  await appTookOver(page)
  await page.getByText("Donated but don't see it?", { exact: true }).click()
  await page.getByLabel('Transaction signature').fill(signature)
}

describe.each(viewports)('at the $name viewport', (viewport) => {
  const { donor, session } = donorSession(viewport)

  test('a donor recovers a plain transfer by its signature and opens its receipt', async () => {
    const { page, shot } = session()
    const { url } = app.server()
    const { emergency, signature } = await missedDonation(
      page,
      donor,
      `recover-${viewport.name}@example.com`,
      `Clinic generator ${viewport.name}`,
      200_000_000,
    )

    await pasteOnDonatePage(page, emergency, signature)
    await seeText(page, 'No donations yet')
    await shot('recover-filled')
    await page.getByRole('button', { name: 'Find my donation' }).click()
    await page.getByText(`Found it: 0.2 SOL to ${emergency.title} is now counted.`).waitFor()
    await shot('recover-found')

    await page.getByRole('link', { name: 'View receipt' }).click()
    await atPath(page, `/receipt/${signature}`)
    await page.getByRole('heading', { name: 'Donation receipt' }).waitFor()
    await seeText(page, 'This is a record of an on-chain transfer, not a tax receipt.')
    await page.getByText(signature, { exact: true }).waitFor()
    await page.getByText(donor.publicKey.toBase58(), { exact: true }).waitFor()
    const verify = page.getByRole('link', { name: 'Verify on Solana Explorer ↗' })
    expect(await verify.getAttribute('href')).toContain(`/tx/${signature}`)
    await shot('receipt')

    // Served with its content: the receipt's link opened afresh shows it before any script runs.
    const served = await fetch(`${url}/receipt/${signature}`, { headers: { accept: 'text/html' } })
    expect(await served.text()).toContain('not a tax receipt')

    const receipt = await getJson<{ amount: string; donor_wallet: string }>(url, `receipts/${signature}/`)
    expect(receipt).toMatchObject({ amount: '0.2', donor_wallet: donor.publicKey.toBase58() })

    await page.goto('/dashboard')
    const history = page.getByRole('region', { name: 'My Donations' })
    await history.getByRole('link', { name: emergency.title }).waitFor()
    expect(await history.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      `/receipt/${signature}`,
    )
    await shot('dashboard')
    const mine = await downloaded(page, 'Download CSV', history)
    expect(mine).toContain(`${signature},`)
    const ofEmergency = await downloaded(
      page,
      'Donations CSV',
      page.getByRole('region', { name: 'My Emergencies' }),
    )
    expect(ofEmergency.split('\r\n')[0]).toBe(
      '\uFEFFdate,emergency_id,emergency_title,amount_sol,tip_sol,amount_usdc,tip_usdc,tx_hash,explorer_url,donor_wallet,comment',
    )
    expect(ofEmergency).toContain(`,${emergency.title},0.2,0,,,${signature},`)

    await page.goto('/public')
    const card = page
      .getByRole('list', { name: 'Donations' })
      .getByRole('listitem')
      .filter({ hasText: emergency.title })
    expect(await card.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      `/receipt/${signature}`,
    )
    await shot('public-feed')
  })
})

describe('a receipt on paper and in the phones’ own browsers', () => {
  const { donor, session } = donorSession(desktop)

  test('prints on one A4 page without the app around it', async () => {
    const { page, shot } = session()
    const { emergency, signature } = await missedDonation(
      page,
      donor,
      'print@example.com',
      'A long title for a water tank and pipes for the school in the hills after the storm',
      50_000_000,
    )
    await pasteOnDonatePage(page, emergency, signature)
    await page.getByRole('button', { name: 'Find my donation' }).click()
    await page.getByRole('link', { name: 'View receipt' }).click()
    await page.getByRole('heading', { name: 'Donation receipt' }).waitFor()

    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
    await shot('receipt-print')
    const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1')
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1)

    // Opened from a shared link in Safari on an iPhone and Chrome on Android: nothing wider than the screen, nothing
    // smaller than a finger.
    for (const [name, agent] of [
      ['ios-safari', USER_AGENTS.iosSafari],
      ['android-chrome', USER_AGENTS.androidChrome],
    ] as const) {
      const context = await newContext(app.browser(), phoneWith(agent), app.server().url)
      const phonePage = await context.newPage()
      await phonePage.goto(`/receipt/${signature}`)
      await phonePage.getByRole('heading', { name: 'Donation receipt' }).waitFor()
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      expect(await smallTouchTargets(phonePage)).toEqual([])
      await screenshot(phonePage, `phone-${name}-receipt`)
      await context.close()
    }
  })
})
