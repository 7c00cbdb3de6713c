// The PWA can be installed: a linked, valid manifest with loadable icons, and a service worker in control.
import { describe, expect, test } from 'vitest'
import { viewports } from './harness/browser'
import { activeServiceWorker, controllingServiceWorker, pngSize } from './harness/pwa'
import { useApp, useSession } from './harness/session'

interface ManifestIcon {
  src: string
  sizes?: string
  type?: string
  purpose?: string
}

const app = useApp()

describe.each(viewports)('at the $name viewport', (viewport) => {
  const session = useSession(app, viewport)

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
})
