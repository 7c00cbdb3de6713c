// "Verify" in the donor's own browser (issue 31): the receipt and the public feed's card ask the cluster's RPC for the
// transaction from the page itself and say it is verified against that node, or exactly what differs. Real ledger,
// real server, real Chromium; the one altered answer is the real node's, changed on its way to the page.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { registerApiUser, type ApiUser } from './harness/api-user'
import { donate } from './harness/api-world'
import { phoneWith, desktop, USER_AGENTS } from './harness/browser'
import { useApp, useSession } from './harness/session'
import { smallTouchTargets } from './harness/touch-targets'
import { appTookOver } from './harness/ui'
import { createEmergencyAs, type CreatedEmergency, getJson } from './emergencies-fixtures'

const app = useApp()
let emergency: CreatedEmergency
let signature: string
let rpcHost: string

const verifiedText = () =>
  new RegExp(`Verified by your browser against ${rpcHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, slot \\d+`)

beforeAll(async () => {
  const { url } = app.server()
  const [owner, donor]: ApiUser[] = await Promise.all([
    registerApiUser(url, 'verify-owner@example.com'),
    registerApiUser(url, 'verify-donor@example.com'),
  ])
  emergency = await createEmergencyAs(url, owner!.access, {
    title: 'Water pump for the shelter',
    description: 'The shelter’s pump broke in the flood; a new one and the pipes.',
  })
  signature = await donate(url, donor!, emergency, 0.5, 'Hold on')
  const config = await getJson<{ rpc_url: string }>(url, 'config/')
  rpcHost = new URL(config.rpc_url, url).host
})

/** The page's own getTransaction requests, answered by the real node with the gift's lamports replaced. */
async function alterTheAmount(page: Page, lamports: number): Promise<void> {
  await page.route('**/rpc', async (route) => {
    if (route.request().postDataJSON()?.method !== 'getTransaction') return route.fallback()
    const response = await route.fetch()
    const answer = await response.json()
    const { transaction, meta } = answer.result
    const index = transaction.message.accountKeys.findIndex(
      (key: { pubkey: string }) => key.pubkey === emergency.receiving_wallet,
    )
    for (const ix of transaction.message.instructions)
      if (ix.parsed?.info?.destination === emergency.receiving_wallet) ix.parsed.info.lamports = lamports
    meta.postBalances[index] = meta.preBalances[index] + lamports
    await route.fulfill({ response, json: answer })
  })
}

describe.each([phoneWith(USER_AGENTS.iosSafari), desktop])('at the $name viewport', (viewport) => {
  const session = useSession(app, viewport)

  test("a receipt's Verify turns green against the ledger, and names the amount an altered answer shows", async () => {
    const { page, shot } = session()
    await page.goto(`/receipt/${signature}`)
    await page.getByRole('heading', { name: 'Donation receipt' }).waitFor()
    await appTookOver(page)

    const asked = page.waitForRequest(
      (request) => request.url().endsWith('/rpc') && request.postData()?.includes('getTransaction') === true,
    )
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    expect((await asked).postDataJSON().params[0]).toBe(signature)
    const verified = page.getByText(verifiedText())
    await verified.waitFor()
    expect(await smallTouchTargets(page)).toEqual([])
    await shot('receipt-verified')

    await alterTheAmount(page, 400_000_000)
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.getByText('The amount on the ledger is 0.4 SOL, not 0.5 SOL.').waitFor()
    await page.getByText(`Not verified: the ledger at ${rpcHost} differs from what Lifeline shows.`).waitFor()
    expect(await verified.count()).toBe(0)
    await shot('receipt-altered')

    await page.getByRole('button', { name: 'RPC settings' }).click()
    await page.getByRole('dialog', { name: 'Verify with your own RPC' }).waitFor()
    await shot('rpc-settings')
  })

  test("a feed card's Verify checks that donation in the browser", async () => {
    const { page, shot } = session()
    await page.goto('/public')
    const card = page
      .getByRole('list', { name: 'Donations' })
      .getByRole('listitem')
      .filter({ hasText: emergency.title })
    await card.waitFor()
    await appTookOver(page)
    await card.getByRole('button', { name: 'Verify', exact: true }).click()
    await card.getByText(verifiedText()).waitFor()
    expect(await smallTouchTargets(page)).toEqual([])
    await shot('feed-verified')
  })
})
