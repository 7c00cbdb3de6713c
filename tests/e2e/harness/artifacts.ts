// Screenshots under tests/e2e/artifacts/ (git-ignored).
import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'

export const artifactsDir = resolve(import.meta.dirname, '../artifacts')

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

const pathOf = (name: string) => join(artifactsDir, `${slug(name)}.png`)

/** Removes a screenshot left by an earlier run (e.g. the failure picture of a test that runs again). */
export function forgetScreenshot(name: string): void {
  rmSync(pathOf(name), { force: true })
}

/** The whole page by default; `fullPage: false` keeps what the screen shows (fixed bars where they sit). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true })
  const path = pathOf(name)
  await page.screenshot({ path, fullPage })
  return path
}
