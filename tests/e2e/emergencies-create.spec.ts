// Creating, boosting (0.1 SOL paid by the injected Phantom on the local ledger) and editing an emergency.
import { describe, expect, test } from 'vitest'
import { registerApiUser } from './harness/api-user'
import { donate } from './harness/api-world'
import { storedAuth } from './harness/auth'
import { viewports } from './harness/browser'
import { airdrop } from './harness/faucet'
import { installPhantom, type PhantomDouble } from './harness/phantom'
import { useApp, useSession } from './harness/session'
import { atPath, seeText } from './harness/ui'
import { createEmergencyApi, getJson, png, registerThroughUi } from './emergencies-fixtures'

const app = useApp()
const PHANTOM = /^Phantom/

interface EmergencyRow {
  id: number
  title: string
  is_featured: boolean
  receiving_wallet: string
  proof_images: { id: number }[]
}

describe.each(viewports)('at the $name viewport', (viewport) => {
  let wallet: PhantomDouble
  const session = useSession(app, viewport, async (context) => {
    wallet = await installPhantom(context, app.server().rpcUrl)
  })

  test('creates an emergency with proof images, then boosts it for 0.1 SOL from the boost modal', async () => {
    const { page, shot } = session()
    const { url, rpcUrl } = app.server()
    await registerThroughUi(page, PHANTOM, `creator-${viewport.name}@example.com`)
    await airdrop(rpcUrl, wallet.address(), 1)
    const title = `Medical bills ${viewport.name}`

    await page.goto('/create')
    await page.getByRole('heading', { name: 'Create New Emergency' }).waitFor()
    expect(await page.getByLabel('Receiving wallet').inputValue()).toBe(wallet.address())
    await page.getByRole('button', { name: 'Create Emergency' }).click()
    await seeText(page, 'Please enter a title.')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Surgery for our daughter after the accident.')
    await page.getByLabel('SOL goal').fill('3')
    await page.getByLabel('Deadline').fill('2030-06-30')
    await page.getByLabel('Video link (optional)').fill('https://youtu.be/dQw4w9WgXcQ')
    await page
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'proof.png', mimeType: 'image/png', buffer: await png({ r: 30, g: 90, b: 160 }) },
      ])
    await page.getByRole('img', { name: 'New image proof.png' }).waitFor()
    await shot('create-filled', { fullPage: true })
    await page.getByRole('button', { name: 'Create Emergency' }).click()
    await seeText(page, 'Emergency created successfully!')
    const dialog = page.getByRole('dialog', { name: 'Boost your emergency?' })
    await dialog.waitFor()
    await shot('boost-modal')
    await dialog.getByRole('button', { name: 'Yes, Boost Now' }).click()
    await seeText(page, 'Emergency boosted successfully!')
    await atPath(page, '/dashboard')

    const { accessToken } = await storedAuth(page)
    const mine = await getJson<{ results: EmergencyRow[] }>(url, 'emergency/my-emergencies/', accessToken)
    expect(mine.results).toHaveLength(1)
    expect(mine.results[0]).toMatchObject({ title, is_featured: true, receiving_wallet: wallet.address() })
    expect(mine.results[0]?.proof_images).toHaveLength(1)
  })

  test('edits an emergency: new title, one image removed and one added', async () => {
    const { page, shot } = session()
    const { url } = app.server()
    await registerThroughUi(page, PHANTOM, `editor-${viewport.name}@example.com`)
    const created = await createEmergencyApi(url, page, { title: `Roof repair ${viewport.name}` })

    await page.goto(`/edit/${created.id}`)
    await page.getByRole('heading', { name: 'Edit Emergency' }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe(created.title)
    await page.getByLabel('Title').fill(`${created.title} (updated)`)
    await page.getByRole('button', { name: 'Remove current image 1' }).click()
    await page
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'new.png', mimeType: 'image/png', buffer: await png({ r: 240, g: 200, b: 10 }) },
      ])
    await shot('edit-filled')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await seeText(page, 'Emergency updated successfully!')
    await atPath(page, '/dashboard')

    const detail = await getJson<EmergencyRow>(url, `emergency/detail/${created.id}/`)
    expect(detail.title).toBe(`${created.title} (updated)`)
    expect(detail.proof_images).toHaveLength(2)
  })

  test('once a donation reached it, the edit page shows the receiving wallet read-only and says why', async () => {
    const { page, shot } = session()
    const { url } = app.server()
    await registerThroughUi(page, PHANTOM, `locked-${viewport.name}@example.com`)
    const created = await createEmergencyApi(url, page, { title: `Water pump ${viewport.name}` })
    const donor = await registerApiUser(url, `locked-donor-${viewport.name}@example.com`)
    await donate(url, donor, created, 0.2)

    await page.goto(`/edit/${created.id}`)
    const input = page.getByLabel('Receiving wallet')
    await input.waitFor()
    expect(await input.inputValue()).toBe(created.receiving_wallet)
    expect(await input.getAttribute('readonly')).not.toBeNull()
    await page.getByText('Donations have already reached this wallet', { exact: false }).waitFor()
    await input.scrollIntoViewIfNeeded()
    await shot('edit-wallet-locked')
    await page.getByLabel('Title').fill(`${created.title} (updated)`)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await seeText(page, 'Emergency updated successfully!')
    const detail = await getJson<EmergencyRow>(url, `emergency/detail/${created.id}/`)
    expect(detail).toMatchObject({
      title: `${created.title} (updated)`,
      receiving_wallet: created.receiving_wallet,
    })
  })
})
