// The PWA can be installed (a linked, valid manifest with loadable icons, a service worker in control), and
// after one visit its shell opens without a network, served by the service worker from its precache. Online, a
// public list the worker has a copy of still shows what changed since; offline, it shows that copy. A page comes
// from the server while online (its markup holds the first screen); offline, its last copy or the precached shell.
import type { Response } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { registerApiUser } from './harness/api-user'
import { donate } from './harness/api-world'
import { phone, viewports } from './harness/browser'
import { activeServiceWorker, controllingServiceWorker, pngSize } from './harness/pwa'
import { useApp, useSession } from './harness/session'
import { createEmergencyAs } from './emergencies-fixtures'

interface ManifestIcon {
  src: string
  sizes?: string
  type?: string
  purpose?: string
}

const app = useApp()

describe.each(viewports)('at the $name viewport', (viewport) => {
  const session = useSession(app, viewport)
  // Phones navigate with the bottom tab bar, wide screens with the navbar's links.
  const navigation = viewport.name === 'phone' ? 'Tabs' : 'Main'

  test('links a manifest with a name, a standalone start URL and 192, 512 and maskable icons that load', async () => {
    const { page } = session()
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const manifestUrl = new URL(href ?? '', page.url())
    const response = await page.request.get(manifestUrl.href)
    expect(response.status()).toBe(200)
    const manifest = (await response.json()) as {
      name?: string
      start_url?: string
      display?: string
      icons?: ManifestIcon[]
    }

    expect(manifest.name).toBeTruthy()
    expect(new URL(manifest.start_url ?? '', manifestUrl).origin).toBe(manifestUrl.origin)
    expect(manifest.display).toBe('standalone')
    const icons = manifest.icons ?? []
    const purposes = (icon: ManifestIcon) => (icon.purpose ?? 'any').split(/\s+/)
    const anyIcon = (size: string) =>
      icons.find((icon) => icon.sizes?.split(/\s+/).includes(size) && purposes(icon).includes('any'))
    expect(anyIcon('192x192'), 'a 192×192 icon').toBeDefined()
    expect(anyIcon('512x512'), 'a 512×512 icon').toBeDefined()
    expect(
      icons.some((icon) => purposes(icon).includes('maskable')),
      'a maskable icon',
    ).toBe(true)

    for (const icon of icons) {
      const image = await page.request.get(new URL(icon.src, manifestUrl).href)
      expect(image.status(), icon.src).toBe(200)
      expect(image.headers()['content-type'], icon.src).toMatch(/^image\//)
      if (icon.type === 'image/png' && icon.sizes) {
        const { width, height } = pngSize(await image.body())
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes)
      }
    }
  })

  test('registers a service worker that controls the page after a reload', async () => {
    const { page } = session()
    await page.goto('/')
    const scriptUrl = await activeServiceWorker(page)
    expect(new URL(scriptUrl).origin).toBe(new URL(page.url()).origin)
    await page.reload()
    expect(await controllingServiceWorker(page)).toBe(scriptUrl)
  })

  test('opens the app shell with its navigation and an offline notice after one visit', async () => {
    const { page, context, shot } = session()
    await page.goto('/')
    await activeServiceWorker(page)

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('navigation', { name: navigation }).waitFor()
    await page.getByRole('link', { name: 'Lifeline home' }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: /offline/i })
      .waitFor()
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)
    await shot('offline-home')
    await context.setOffline(false)
  })
})

describe('the first paint, before any JavaScript', () => {
  // The same phone with JavaScript off: what the HTML alone paints (scripts/prerender.ts).
  const session = useSession(app, { name: 'phone', options: { ...phone.options, javaScriptEnabled: false } })

  test('public routes arrive rendered (shell, heading, their data); any other route gets the shell', async () => {
    const { page, shot } = session()
    const pages = [
      ['/', 'Help that arrives in seconds, straight to the people who need it.'],
      ['/explore', 'Explore Emergencies'],
      ['/public', 'Live Donation Activity'],
    ] as const
    for (const [path, heading] of pages) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await page.getByRole('navigation', { name: 'Tabs' }).waitFor()
    }
    // The feed's first page is in the HTML (no donation yet in this world: its empty state), not its skeletons.
    await page.getByText('No donations yet').waitFor()
    expect(await page.getByRole('status', { name: 'Loading donations' }).count()).toBe(0)
    await page.goto('/explore')
    await shot('no-javascript-explore')
    await page.goto('/dashboard')
    await page.getByRole('link', { name: 'Lifeline home' }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0)
  })
})

describe('the first visit on the wire', () => {
  const session = useSession(app, phone)

  test('arrives compressed: hashed assets immutable for a year, the shell and the service worker revalidated', async () => {
    const { page } = session()
    const responses: Response[] = []
    page.on('response', (response) => responses.push(response))
    await page.goto('/')
    await activeServiceWorker(page)

    const document = responses.find((r) => r.request().resourceType() === 'document')!
    const assets = responses.filter((r) => /^\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname))
    expect(assets.length).toBeGreaterThan(0)
    // Chromium offers brotli only over https; on this http origin it takes gzip.
    for (const response of [document, ...assets]) {
      const headers = await response.allHeaders()
      expect(headers['content-encoding'], response.url()).toMatch(/^(br|gzip)$/)
      expect(headers.vary, response.url()).toMatch(/accept-encoding/i)
    }
    expect((await document.allHeaders())['cache-control']).toBe('no-cache')
    for (const asset of assets)
      expect((await asset.allHeaders())['cache-control'], asset.url()).toBe(
        'public, max-age=31536000, immutable',
      )

    // The service worker script, asked for by a client that takes brotli (what browsers send over https).
    const worker = await page.request.get('/sw.js', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(worker.headers()['content-encoding']).toBe('br')
    expect(worker.headers()['cache-control']).toBe('no-cache')
  })
})

describe('a public list under the service worker', () => {
  const session = useSession(app, phone)

  test('shows what changed since the last visit while online, and the last copy offline', async () => {
    const { page, context, shot } = session()
    const url = app.server().url
    const owner = await registerApiUser(url, 'lists-owner@example.com')
    await createEmergencyAs(url, owner.access, { title: 'Well pump for Kibera school' })
    await page.goto('/explore')
    await activeServiceWorker(page)
    await page.reload() // in the worker's control from here: the list passes through it and it keeps a copy
    expect(await controllingServiceWorker(page)).not.toBeNull()
    await page.getByRole('heading', { name: 'Well pump for Kibera school' }).waitFor()

    await createEmergencyAs(url, owner.access, { title: 'Flood shelter blankets' })
    await page.goto('/explore')
    await page.getByRole('heading', { name: 'Flood shelter blankets' }).waitFor({ timeout: 10_000 })
    await page.getByRole('heading', { name: 'Well pump for Kibera school' }).waitFor()

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('heading', { name: 'Flood shelter blankets' }).waitFor()
    await shot('explore-offline-copy')
    await context.setOffline(false)
  })
})

describe('pages under the service worker', () => {
  const session = useSession(app, phone)

  test("a repeat visitor gets the server's page while online; offline, its last copy or the shell", async () => {
    const { page, context } = session()
    const owner = await registerApiUser(app.server().url, 'pages-owner@example.com')
    const emergency = await createEmergencyAs(app.server().url, owner.access, {
      title: 'Ferry for Lamu island',
    })
    await page.goto('/')
    await activeServiceWorker(page)
    await page.reload()
    expect(await controllingServiceWorker(page)).not.toBeNull()

    // The server's page carries the emergency in its markup; the precached shell would carry the home page.
    const donatePage = await page.goto(`/donate/${emergency.id}`)
    expect(await donatePage?.text()).toContain('Ferry for Lamu island')
    await page.getByRole('heading', { level: 1, name: 'Ferry for Lamu island' }).waitFor()

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Ferry for Lamu island' }).waitFor()
    await page.goto('/public') // never visited: the shell, and the feed's own page in it
    await page.getByRole('heading', { level: 1, name: 'Live Donation Activity' }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: /offline/i })
      .first()
      .waitFor()
    await context.setOffline(false)
  })

  test('what was seen online opens offline through a tab too; an unvisited emergency says it is not saved yet', async () => {
    const { page, context, shot } = session()
    const url = app.server().url
    const [owner, donor] = await Promise.all([
      registerApiUser(url, 'tab-owner@example.com'),
      registerApiUser(url, 'tab-donor@example.com'),
    ])
    const emergency = await createEmergencyAs(url, owner.access, { title: 'Bridge repair in Sindh' })
    await donate(url, donor, emergency, 0.2)
    await page.goto('/')
    await activeServiceWorker(page)
    await page.reload()
    expect(await controllingServiceWorker(page)).not.toBeNull()

    // Seen once, from the server (its reads came in the HTML, never through the worker).
    await page.goto('/public')
    const feed = page.getByRole('list', { name: 'Donations' })
    await feed.getByRole('link', { name: 'Bridge repair in Sindh' }).waitFor()
    const tabs = page.getByRole('navigation', { name: 'Tabs' })
    await tabs.getByRole('link', { name: 'Explore' }).click()
    await page.waitForURL('**/explore')

    await context.setOffline(true)
    await tabs.getByRole('link', { name: 'Verify' }).click()
    await page.waitForURL('**/public')
    await feed.getByRole('link', { name: 'Bridge repair in Sindh' }).waitFor()
    expect(await page.getByText('not saved on this device yet').count()).toBe(0)

    await feed.getByRole('link', { name: 'Bridge repair in Sindh' }).click()
    await page.waitForURL(`**/donate/${emergency.id}`)
    await page.getByText('This emergency is not saved on this device yet', { exact: false }).waitFor()
    expect(await page.getByText('Failed to fetch emergency details.').count()).toBe(0)
    await shot('donate-offline-unsaved')
    await page.getByRole('button', { name: 'Go back' }).click()
    await page.waitForURL('**/public')
    await feed.getByRole('link', { name: 'Bridge repair in Sindh' }).waitFor()
    await context.setOffline(false)
  })
})
