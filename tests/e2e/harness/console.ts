// Collects console errors and uncaught page errors: an unexpected one fails the test.
import type { BrowserContext, Page } from 'playwright-core'

// Chromium logs every non-2xx response and every refused request; the app's own handling is what we test.
const EXPECTED = [/^Failed to load resource: /, /net::ERR_INTERNET_DISCONNECTED/]

interface Logged {
  text: string
  where: string
}

export interface ConsoleWatch {
  /** Allow more messages for the current test (e.g. an expected error the app reports on purpose). */
  allow(pattern: RegExp): void
  unexpected(): string[]
}

function watchPage(page: Page, errors: Logged[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push({ text: message.text(), where: `console.error at ${page.url()}` })
  })
  page.on('pageerror', (error) =>
    errors.push({ text: error.stack ?? error.message, where: `uncaught at ${page.url()}` }),
  )
}

export function watchConsole(context: BrowserContext): ConsoleWatch {
  const errors: Logged[] = []
  const allowed = [...EXPECTED]
  context.pages().forEach((page) => watchPage(page, errors))
  context.on('page', (page) => watchPage(page, errors))
  return {
    allow: (pattern) => allowed.push(pattern),
    unexpected: () =>
      errors
        .filter(({ text }) => !allowed.some((pattern) => pattern.test(text)))
        .map((e) => `${e.where}: ${e.text}`),
  }
}
