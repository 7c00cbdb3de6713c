// The first screen's data arrives with the page (server/plugins/served-reads.ts, src/lib/served-reads.ts): a phone
// opening /donate/{id} or /explore shows the emergency without asking the API for what the HTML carries, fetches
// the first proof image once (the HTML's preload, the very copy the <img> then uses), and a later visit to the
// same screen inside the app asks the API again (fresh data, not the page's copy).
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { registerApiUser } from './harness/api-user'
import { boost } from './harness/api-world'
import { phone } from './harness/browser'
import { useApp, useSession } from './harness/session'
import { createEmergencyAs, type CreatedEmergency } from './emergencies-fixtures'

const app = useApp()
let emergency: CreatedEmergency

beforeAll(async () => {
  const url = app.server().url
  const owner = await registerApiUser(url, 'owner-first-screen@example.com')
  emergency = await createEmergencyAs(url, owner.access, { title: 'Bridge washed out at the ford' })
  await boost(url, owner, emergency.id)
})

/** Every URL the page requests from now on, in order. */
function requests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => seen.push(new URL(request.url()).pathname + new URL(request.url()).search))
  return seen
}

describe('at 390×844, a first visit', () => {
  const session = useSession(app, phone)

  test('/donate/{id} shows the emergency without reading it from the API, and fetches its first image once', async () => {
    const { page } = session()
    const seen = requests(page)
    await page.goto(`/donate/${emergency.id}`)
    await page.getByRole('heading', { name: emergency.title }).waitFor()
    await page
      .getByRole('img', { name: /Proof image/ })
      .first()
      .waitFor()
    await page.waitForLoadState('load')
    expect(seen.filter((url) => url.startsWith(`/api/emergency/detail/${emergency.id}/`))).toEqual([])
    expect(seen.filter((url) => url.startsWith(`/api/emergency/${emergency.id}/donations/`))).toEqual([])
    const first = emergency.proof_images[0]!.image.replace(/\.png$/, '')
    const firstImage = seen.filter((url) => url.startsWith(new URL(first).pathname))
    expect(firstImage).toHaveLength(1)
  })

  test('/explore shows its cards without reading the lists, and reads them again when the visitor comes back', async () => {
    const { page } = session()
    const seen = requests(page)
    await page.goto('/explore')
    await page.getByRole('heading', { name: emergency.title }).first().waitFor()
    const listReads = () => seen.filter((url) => /^\/api\/emergency\/(list|featured)\//.test(url)).length
    expect(listReads()).toBe(0)

    await page
      .getByRole('link', { name: /Donate/ })
      .first()
      .click()
    await page.waitForURL(/\/donate\//)
    await page.goBack()
    await page.getByRole('heading', { name: 'Explore Emergencies' }).waitFor()
    await expect.poll(listReads).toBe(2)
  })
})
