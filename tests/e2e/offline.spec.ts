// After one visit the app shell opens without a network: the service worker serves it from its precache.
import { describe, expect, test } from 'vitest'
import { viewports } from './harness/browser'
import { activeServiceWorker } from './harness/pwa'
import { useApp, useSession } from './harness/session'

const app = useApp()

describe.each(viewports)('at the $name viewport', (viewport) => {
  const session = useSession(app, viewport)

  test('opens the app shell with its navigation offline after one visit', async () => {
    const { page, context, shot } = session()
    await page.goto('/')
    await activeServiceWorker(page)

    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByRole('navigation').first().isVisible()).toBe(true)
    await shot('offline-home')
    await context.setOffline(false)
  })
})
