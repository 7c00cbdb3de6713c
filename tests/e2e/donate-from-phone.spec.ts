// "Donate from your phone": on a desktop, the donate page shows a Solana Pay QR for the amount and tip typed in
// the form. The QR is decoded from the screen; a wallet we did not write (here: Node with a real key) follows its
// transaction request, signs and sends; the server's reference watcher records it and the panel thanks the donor.
import AxeBuilder from '@axe-core/playwright'
import { Keypair, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import jsQR from 'jsqr'
import sharp from 'sharp'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { desktop, phone } from './harness/browser'
import { airdrop, waitForConfirmation } from './harness/faucet'
import { rpc } from './harness/rpc'
import { useApp, useSession } from './harness/session'
import { seeText } from './harness/ui'
import { createEmergencyAs, type CreatedEmergency } from './emergencies-fixtures'

const app = useApp()

/** A campaigner registered through the API with a real signature; their access token. */
async function campaignerToken(baseUrl: string): Promise<string> {
  const keys = nacl.sign.keyPair()
  const wallet = bs58.encode(keys.publicKey)
  const nonce = await fetch(`${baseUrl}/api/users/nonce/?wallet_address=${wallet}`).then((r) => r.json())
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(nonce.message), keys.secretKey))
  const response = await fetch(`${baseUrl}/api/users/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      wallet_address: wallet,
      email: 'campaigner@example.com',
      message: nonce.message,
      signature,
    }),
  })
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { access: string }).access
}

let emergency: CreatedEmergency | undefined
async function anEmergency(baseUrl: string): Promise<CreatedEmergency> {
  emergency ??= await createEmergencyAs(baseUrl, await campaignerToken(baseUrl), {
    title: 'Water pump for the school',
    sol_goal: '3',
  })
  return emergency
}

/** Reads the QR code on screen the way a phone camera would: from pixels. */
async function scanQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height)
  if (!code) throw new Error('no QR code could be read from the panel')
  return code.data
}

describe('at the desktop viewport', () => {
  const session = useSession(app, desktop)

  test('the QR panel decodes to a transaction request that, signed and sent, shows the thank-you state', async () => {
    const { page, shot } = session()
    const { url, rpcUrl } = app.server()
    const target = await anEmergency(url)
    await page.goto(`/donate/${target.id}`)
    const panel = page.getByRole('region', { name: 'Donate from your phone' })
    await panel.getByText('Type an amount in the form to get a QR code.').waitFor()
    await page.getByLabel('Amount').fill('0.5')
    const qr = panel.getByRole('img', { name: /Solana Pay QR code/ })
    await qr.waitFor()
    await panel.getByText('0.50 SOL + 0.03 SOL tip').waitFor()
    await shot('phone-qr')
    const { violations } = await new AxeBuilder({ page }).include('main').analyze()
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([])

    const scanned = await scanQr(await qr.screenshot())
    expect(scanned).toMatch(/^solana:http/)
    const link = decodeURIComponent(scanned.slice('solana:'.length))
    expect(link).toMatch(
      new RegExp(`^${url}/api/actions/donate/${target.id}\\?amount=0\\.5&tip=0\\.03&checkout=`),
    )

    // The wallet's side of a Solana Pay transaction request: GET label and icon, POST the account.
    const meta = await fetch(link).then((r) => r.json())
    expect(meta).toMatchObject({ label: 'Donate 0.53 SOL', title: 'Water pump for the school' })
    expect(meta.icon).toMatch(/^http.*\.webp$/)
    const donor = Keypair.generate()
    await airdrop(rpcUrl, donor.publicKey.toBase58(), 1)
    const answer = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: donor.publicKey.toBase58() }),
    }).then((r) => r.json())
    expect(answer.message).toContain('0.5 SOL + 0.03 SOL tip to Lifeline')
    await panel.getByText('Approve the donation in your wallet…').waitFor()
    const tx = Transaction.from(Buffer.from(answer.transaction, 'base64'))
    tx.sign(donor)
    const signature = await rpc<string>(rpcUrl, 'sendTransaction', [
      tx.serialize().toString('base64'),
      { encoding: 'base64' },
    ])
    await waitForConfirmation(rpcUrl, signature)

    await panel.getByText('Received, thank you').waitFor({ timeout: 20_000 })
    const detail = await panel.getByRole('status').textContent()
    expect(detail).toContain(`0.50 SOL + 0.03 SOL tip from ${donor.publicKey.toBase58().slice(0, 6)}`)
    await shot('phone-qr-received')
    const live = page.getByRole('region', { name: 'Live donations' })
    await page.reload()
    await live.getByText(`From ${donor.publicKey.toBase58().slice(0, 6)}`, { exact: false }).waitFor()
    await shot('donate-after-phone')
  })
})

describe('at the phone viewport', () => {
  const session = useSession(app, phone)

  test('shows no QR panel (the phone donates in the page) but a Share button that copies the link', async () => {
    const { page, shot, context } = session()
    const { url } = app.server()
    const target = await anEmergency(url)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url })
    await page.goto(`/donate/${target.id}`)
    await page.getByRole('heading', { name: target.title }).waitFor()
    await page.getByLabel('Amount').fill('0.2')
    expect(await page.getByRole('region', { name: 'Donate from your phone' }).count()).toBe(0)
    // Headless Chromium has no share sheet: the button falls back to copying.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }))
    await page.getByRole('button', { name: 'Share' }).click()
    await seeText(page, 'Link copied. Paste it anywhere to share this emergency.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${url}/donate/${target.id}`)
    await shot('donate-share')
  })
})
