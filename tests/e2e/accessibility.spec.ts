// axe-core finds no serious or critical accessibility violation on the public entry screens.
import AxeBuilder from '@axe-core/playwright'
import { describe, expect, test } from 'vitest'
import { viewports } from './harness/browser'
import { useApp, useSession } from './harness/session'

const app = useApp()
const screens = ['/', '/login', '/register']

describe.each(viewports)('at the $name viewport', (viewport) => {
  const session = useSession(app, viewport)

  test.each(screens)('%s has no serious or critical axe violations', async (path) => {
    const { page, shot } = session()
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await page.getByRole('main').waitFor()
    await shot(`axe-${path === '/' ? 'home' : path.slice(1)}`)

    const { violations } = await new AxeBuilder({ page }).analyze()
    const severe = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
    expect(severe).toEqual([])
  })
})
