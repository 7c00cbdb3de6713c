// The first screen's data arrives with the page (its route's loader, run by the server's render and handed to the
// app's hydration: src/first-screen/render-page.tsx): a phone
// opening /donate/{id} or /explore shows the emergency without asking the API for what the HTML carries, fetches
// the first proof image once (the HTML's preload, the very copy the <img> then uses), and a later visit to the
// same screen inside the app asks the API again (fresh data, not the page's copy). The server renders those
// screens with their data into the HTML (server/web/page-renderer.ts): they paint without JavaScript, user text
// stays text, and the app takes the markup over without redrawing it (a signed-in visitor's page is redrawn once,
// with their navbar).
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { type ApiUser, registerApiUser } from './harness/api-user'
import { boost } from './harness/api-world'
import { phone, USER_AGENTS, type Viewport } from './harness/browser'
import { useApp, useSession } from './harness/session'
import { appTookOver, holdTheApp } from './harness/ui'
import { createEmergencyAs, type CreatedEmergency } from './emergencies-fixtures'

const app = useApp()
let emergency: CreatedEmergency
let hostile: CreatedEmergency
let owner: ApiUser
/** A title that would run script if the server pasted it into the page as HTML. */
const HOSTILE_TITLE = 'Roof <img src=x onerror="window.__xss=1"> </main><script>window.__xss=2</script>'

beforeAll(async () => {
  const url = app.server().url
  owner = await registerApiUser(url, 'owner-first-screen@example.com')
  emergency = await createEmergencyAs(url, owner.access, { title: 'Bridge washed out at the ford' })
  await boost(url, owner, emergency.id)
  hostile = await createEmergencyAs(url, owner.access, { title: HOSTILE_TITLE })
})

/** Every element the page removes from the document from its first byte on (the app redrawing the server's markup). */
const REMOVED_ELEMENTS = () => {
  const removed: string[] = []
  Object.assign(window, { removedElements: removed })
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.tagName)
  }).observe(document, { childList: true, subtree: true })
}

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

    await appTookOver(page)
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

/** An Android phone of Lighthouse's size (412 px at 1.75 device pixels: the image slot needs 721 px, the w768 copy). */
const androidPhone: Viewport = {
  name: 'phone',
  options: {
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
    userAgent: USER_AGENTS.androidChrome,
  },
}

describe('at 412 px and 1.75 device pixels, a first visit', () => {
  const session = useSession(app, androidPhone)

  // The preload must be read after <meta name="viewport">: before it, `imagesizes` is measured at the default
  // 980 px layout width and the phone fetches the w1440 copy (200 KB) beside the w768 its <img> shows.
  test('/donate/{id} fetches one copy of its first image, the one its slot needs', async () => {
    const { page } = session()
    const seen = requests(page)
    await page.goto(`/donate/${emergency.id}`)
    await page.waitForLoadState('load')
    const first = new URL(emergency.proof_images[0]!.image.replace(/\.png$/, '')).pathname
    expect(seen.filter((url) => url.startsWith(first))).toEqual([`${first}-w768.webp`])
  })
})

describe('at 390×844 without JavaScript', () => {
  const session = useSession(app, { name: 'phone', options: { ...phone.options, javaScriptEnabled: false } })

  test('/donate/{id} and /explore paint their emergencies, with the first proof image, from the HTML alone', async () => {
    const { page } = session()
    await page.goto(`/donate/${emergency.id}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(emergency.title)
    const image = page.getByRole('img', { name: /Proof image/ }).first()
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    await page.goto('/explore')
    await expect.poll(() => page.getByRole('heading', { name: emergency.title }).count()).toBeGreaterThan(0)
  })

  // The app's stylesheet (design tokens, global rules, the shell) comes with the app's code, which the entry only
  // imports after the first paint: the HTML must carry it, or the first screen paints unstyled.
  test('every public page and the shell paint with the design tokens and the shell styled, from the HTML alone', async () => {
    const { page } = session()
    for (const path of ['/', '/explore', '/featured', '/public', `/donate/${emergency.id}`, '/login']) {
      await page.goto(path)
      const styles = await page.evaluate(() => ({
        primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
        header: getComputedStyle(document.querySelector('header')!).position,
      }))
      expect(styles, path).toEqual({ primary: '#0b6b6a', header: 'sticky' })
    }
  })

  test("/donate/{id}'s form answers nothing before the app takes it over: a tap on Donate does not reload the page", async () => {
    const { page } = session()
    await page.goto(`/donate/${emergency.id}`)
    const donate = page.getByRole('button', { name: /^Donate with/ })
    await expect.poll(() => donate.isDisabled()).toBe(true)
    expect(await page.getByLabel('Amount').isDisabled()).toBe(true)
    let navigated = false
    page.on('framenavigated', () => (navigated = true))
    await donate.click({ force: true })
    await page.waitForTimeout(300)
    expect(navigated).toBe(false)
    expect(page.url()).toMatch(new RegExp(`/donate/${emergency.id}$`))
  })

  test('a title holding markup is shown as text, not run', async () => {
    const { page } = session()
    await page.goto(`/donate/${hostile.id}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(HOSTILE_TITLE)
    expect(await page.locator('img[src="x"]').count()).toBe(0)
  })
})

describe('at 390×844 with JavaScript, the app takes over the served markup', () => {
  const session = useSession(app, phone)

  test('without redrawing it: no element of the page is removed, one heading, and markup in a title stays text', async () => {
    const { page } = session()
    await page.addInitScript(REMOVED_ELEMENTS)
    for (const path of ['/explore', `/donate/${hostile.id}`]) {
      await page.goto(path)
      await page.waitForLoadState('load')
      // The app has started once the search field answers typing (explore) or the page reacts (donate).
      await expect
        .poll(() => page.evaluate(() => document.querySelectorAll('script[data-read]').length))
        .toBe(0)
      await page.waitForTimeout(500)
      const removed = await page.evaluate(
        () => (window as unknown as { removedElements: string[] }).removedElements,
      )
      // The data blocks leave once read; a transaction's short id becomes an explorer link once the config is in.
      expect(removed.filter((tag) => !['SCRIPT', 'CODE'].includes(tag))).toEqual([])
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
    }
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HOSTILE_TITLE)
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    expect(await page.locator('img[src="x"]').count()).toBe(0)
  })

  test('a search typed into /explore before the app takes it over is searched once it has', async () => {
    const { page } = session()
    // The app (the code that takes the page over) is held back: the visitor types into the server's markup meanwhile.
    const release = await holdTheApp(page)
    await page.goto('/explore', { waitUntil: 'commit' })
    const search = page.getByRole('searchbox', { name: 'Search emergencies by title' })
    await search.fill('Bridge washed')
    release()
    await page.waitForURL(/[?&]q=Bridge(\+|%20)washed/)
    await page.getByRole('heading', { name: 'Search results' }).waitFor()
    expect(await search.inputValue()).toBe('Bridge washed')
    await page.getByRole('heading', { name: emergency.title }).waitFor()
  })

  test('a tap on Connect Wallet before the app takes the page over opens the wallet picker once it has', async () => {
    const { page } = session()
    const release = await holdTheApp(page)
    await page.goto(`/donate/${emergency.id}`, { waitUntil: 'commit' })
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
    release()
    await page.getByRole('dialog').getByRole('list', { name: 'Ways to connect' }).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(1)
  })

  test("signed in: the same page with the visitor's navbar, drawn once", async () => {
    const { page } = session()
    await page.addInitScript(
      ([access, refresh, wallet]) => {
        localStorage.setItem('accessToken', access!)
        localStorage.setItem('refreshToken', refresh!)
        localStorage.setItem('wallet', wallet!)
      },
      [owner.access, owner.refresh, owner.address],
    )
    await page.goto(`/donate/${emergency.id}`)
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(emergency.title)
    expect(await page.getByRole('img', { name: /Proof image/ }).count()).toBeGreaterThan(0)
  })
})
