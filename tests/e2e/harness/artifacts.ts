// Screenshots under tests/e2e/artifacts/ (git-ignored).
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'

export const artifactsDir = resolve(import.meta.dirname, '../artifacts')

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true })
  const path = join(artifactsDir, `${slug(name)}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}
