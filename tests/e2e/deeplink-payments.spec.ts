// Paying from an iPhone with only the Phantom app (Safari, no injected wallet): a donation with tip and comment,
// a boost and a listing fee, each signed in the wallet app through a deep link and finished by the page the wallet
// sends the user back to. Prints the figures issue 7 asks for: the longest link, and the time from the wallet's
// redirect back to the donation being recorded.
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { registerApiUser } from './harness/api-user'
import { storedAuth } from './harness/auth'
import { phoneWith, USER_AGENTS } from './harness/browser'
import { airdrop, faucetUsdc, usdcHeld } from './harness/faucet'
import { rpc } from './harness/rpc'
import { useApp, useSession } from './harness/session'
import { atPath, seeText } from './harness/ui'
import {
  approvingInWallet,
  installWalletApp,
  registerWithWalletApp,
  type WalletApp,
} from './harness/wallet-app'
import { campaignAwaitingFee } from './airdrop-fixtures'
import { createEmergencyApi, createEmergencyAs, getJson, randomAddress } from './emergencies-fixtures'

const adminKeys = nacl.sign.keyPair()
const app = useApp({ adminWallets: [bs58.encode(adminKeys.publicKey)] })

interface DonationRow {
  currency: string
  amount: string
  tip_amount: string
  comment: string | null
  tx_hash: string
  donor_wallet: string
}

describe('payments through Phantom deep links on iPhone Safari', () => {
  let wallet: WalletApp
  const session = useSession(app, phoneWith(USER_AGENTS.iosSafari), async (context) => {
    wallet = await installWalletApp(context, 'Phantom')
  })

  /**
   * Someone else's campaign, and a donor signed in with the Phantom app holding `sol` test SOL, on its donate page.
   */
  async function donorOnCampaign(title: string, who: string, sol: number) {
    const { page } = session()
    const { url, rpcUrl } = app.server()
    const owner = await registerApiUser(url, `owner-${who}@example.com`)
    const receiving = randomAddress()
    const emergency = await createEmergencyAs(url, owner.access, { title, receiving_wallet: receiving })
    await registerWithWalletApp(page, 'Phantom', `donor-${who}@example.com`)
    await airdrop(rpcUrl, wallet.double.address, sol)
    await page.goto(`/donate/${emergency.id}`)
    await page.getByRole('heading', { name: emergency.title }).waitFor()
    return { emergency, receiving }
  }

  test('donates 0.2 SOL with a tip and a comment: on the ledger, in the side panel and on /dashboard', async () => {
    const { page, shot } = session()
    const { url, rpcUrl } = app.server()
    const { emergency, receiving } = await donorOnCampaign('Flooded clinic', 'deeplink', 2)
    await page.getByLabel('Amount').fill('0.2')
    expect(await page.getByLabel('Tip (5%)').inputValue()).toBe('0.01')
    await page.getByRole('switch', { name: 'Add a comment' }).check()
    await page.getByRole('textbox', { name: 'Comment' }).fill('From my phone')
    await shot('deeplink-donate-filled')
    await page.getByRole('button', { name: 'Donate with Phantom' }).click()
    await approvingInWallet(
      page,
      'Phantom',
      seeText(page, 'Thank you! Your donation is confirmed and recorded.'),
    )
    const recordedMs = Date.now() - wallet.lastAnswerAt()
    await page.getByRole('link', { name: 'My donations' }).click()
    await atPath(page, '/dashboard')

    const { results } = await getJson<{ results: DonationRow[] }>(url, `emergency/${emergency.id}/donations/`)
    expect(results).toEqual([
      expect.objectContaining({
        amount: '0.2',
        tip_amount: '0.01',
        comment: 'From my phone',
        donor_wallet: wallet.double.address,
      }),
    ])
    expect((await rpc<{ value: number }>(rpcUrl, 'getBalance', [receiving])).value).toBe(200_000_000)
    expect(wallet.received().map(({ method }) => method)).toEqual([
      'connect',
      'signMessage',
      'signTransaction',
    ])

    const mine = page.getByRole('region', { name: 'My Donations' })
    await mine.getByRole('link', { name: emergency.title }).waitFor()
    await page
      .getByRole('region', { name: 'Donation summary' })
      .getByText('0.20 SOL', { exact: true })
      .waitFor()
    await shot('deeplink-dashboard')
    await page.goto(`/donate/${emergency.id}`)
    const live = page.getByRole('region', { name: 'Live donations' })
    await live.getByText('From my phone', { exact: true }).waitFor()
    await live.getByText('0.20 SOL', { exact: true }).waitFor()

    console.log(
      `issue 7 figures: longest deep link ${wallet.longestLink()} characters; ` +
        `wallet redirect back → donation recorded ${recordedMs} ms`,
    )
    expect(wallet.longestLink()).toBeLessThan(1500)
  })

  test("donates 5 USDC with a tip: one signed link opens the campaign's USDC account and pays both", async () => {
    const { page, shot } = session()
    const { url, rpcUrl } = app.server()
    await faucetUsdc(url, wallet.double.address, 20)
    const { emergency, receiving } = await donorOnCampaign('Clean water (USDC)', 'usdc-deeplink', 1)
    await page.getByRole('radio', { name: 'USDC' }).check()
    await page.getByLabel('Amount').fill('5')
    expect(await page.getByLabel('Tip (5%)').inputValue()).toBe('0.25')
    await page.getByTestId('usdc-account-rent').waitFor()
    await shot('deeplink-donate-usdc')
    await page.getByRole('button', { name: 'Donate with Phantom' }).click()
    await approvingInWallet(
      page,
      'Phantom',
      seeText(page, 'Thank you! Your donation is confirmed and recorded.'),
    )
    await page.getByRole('link', { name: 'My donations' }).click()
    await atPath(page, '/dashboard')

    const { results } = await getJson<{ results: DonationRow[] }>(url, `emergency/${emergency.id}/donations/`)
    expect(results).toEqual([
      expect.objectContaining({
        currency: 'USDC',
        amount: '5',
        tip_amount: '0.25',
        donor_wallet: wallet.double.address,
      }),
    ])
    const mint = (await getJson<{ usdc_mint: string }>(url, 'config/')).usdc_mint
    expect(await usdcHeld(rpcUrl, receiving, mint)).toBe('5000000')
    expect(wallet.received().at(-1)?.method).toBe('signTransaction')
    await page
      .getByRole('region', { name: 'Donation summary' })
      .getByText('5.00 USDC', { exact: true })
      .waitFor()
    expect(wallet.longestLink()).toBeLessThan(1500)
  })

  test('boosts an emergency from the dashboard', async () => {
    const { page } = session()
    const { url, rpcUrl } = app.server()
    await registerWithWalletApp(page, 'Phantom', 'booster-deeplink@example.com')
    await airdrop(rpcUrl, wallet.double.address, 1)
    const emergency = await createEmergencyApi(url, page, { title: 'Bridge repair' })

    await page.goto('/dashboard')
    const mine = page.getByRole('region', { name: 'My Emergencies' })
    await mine.getByRole('button', { name: 'Boost · 0.1 SOL', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Boost this emergency?' })
      .getByRole('button', { name: 'Pay 0.1 SOL and boost' })
      .click()
    await approvingInWallet(page, 'Phantom', seeText(page, 'Emergency boosted successfully!'))
    await mine.getByRole('button', { name: 'Boosted' }).waitFor()
    const detail = await getJson<{ is_featured: boolean }>(url, `emergency/detail/${emergency.id}/`)
    expect(detail.is_featured).toBe(true)
    expect(wallet.received().at(-1)?.method).toBe('signTransaction')
  })

  test('pays the listing fee and the campaign is listed', async () => {
    const { page, shot } = session()
    const { url, rpcUrl } = app.server()
    await registerWithWalletApp(page, 'Phantom', 'founder-deeplink@example.com')
    await airdrop(rpcUrl, wallet.double.address, 1)
    const admin = await registerApiUser(url, 'admin-deeplink@example.com', adminKeys)
    const { accessToken } = await storedAuth(page)
    const campaign = await campaignAwaitingFee(url, accessToken ?? '', admin.access, 'Solar pumps')

    await page.goto(`/airdrop/payment/${campaign.id}`)
    await page.getByRole('heading', { name: 'Pay the listing fee' }).waitFor()
    await shot('deeplink-listing-fee')
    await page.getByRole('button', { name: 'Pay 0.5 SOL' }).click()
    await page
      .getByRole('dialog', { name: 'Pay the listing fee?' })
      .getByRole('button', { name: 'Pay 0.5 SOL' })
      .click()
    await approvingInWallet(page, 'Phantom', atPath(page, '/airdrop/my'))
    const listed = await getJson<{ is_listed: boolean }>(
      url,
      `airdrop/campaigns/${campaign.id}/`,
      accessToken,
    )
    expect(listed.is_listed).toBe(true)
    expect(wallet.received().at(-1)?.method).toBe('signTransaction')
  })
})
