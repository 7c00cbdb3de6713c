// The signed-in desktop navbar (the spec's six links, the account chip with its network and badges, Logout) fits
// every desktop width from the first one that shows the links: no sideways scroll, Logout on screen.
import { expect, test } from 'vitest'
import { desktop } from './harness/browser'
import { installPhantom } from './harness/phantom'
import { useApp, useSession } from './harness/session'
import { registerThroughUi } from './emergencies-fixtures'

const app = useApp()
const session = useSession(app, desktop, async (context) => {
  await installPhantom(context, app.server().rpcUrl)
})

test('the signed-in navbar fits from 1024 px to a roomy desktop', async () => {
  const { page, shot } = session()
  await registerThroughUi(page, /^Phantom/, 'navbar-widths@example.com')
  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' })
  for (const width of [1024, 1152, 1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    await logout.waitFor()
    const box = await logout.boundingBox()
    expect({ width, right: Math.ceil((box?.x ?? 0) + (box?.width ?? 0)) <= width }).toEqual({
      width,
      right: true,
    })
    expect({ width, scroll: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
      width,
      scroll: width,
    })
    await shot(`navbar-${width}`, { fullPage: false })
  }
})
