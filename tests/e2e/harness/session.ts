// Vitest wiring: one server and one browser per spec file, a fresh browser context per test. After each test:
// a screenshot and the server's log when it failed, and a failure for any unexpected console error.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { forgetScreenshot, screenshot } from './artifacts'
import { launchBrowser, newContext, type Viewport } from './browser'
import { watchConsole, type ConsoleWatch } from './console'
import { startServer, type RunningServer, type ServerOptions } from './server'

export interface App {
  server(): RunningServer
  browser(): Browser
}

/** Starts the real server and Chromium once for the spec file. */
export function useApp(options: ServerOptions = {}): App {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer(options), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the app is not running (beforeAll failed)')
    return value
  }
  return { server: () => need(server), browser: () => need(browser) }
}

export interface Session {
  viewport: Viewport
  context: BrowserContext
  page: Page
  console: ConsoleWatch
  /** Saves a screenshot named after the viewport and the step, in tests/e2e/artifacts/. */
  shot(step: string, options?: { fullPage?: boolean }): Promise<string>
}

/**
 * A new context per test at `viewport`; `prepare` runs before the first page opens (e.g. to inject a
 * wallet). The getter throws outside a test.
 */
export function useSession(
  app: App,
  viewport: Viewport,
  prepare?: (context: BrowserContext) => Promise<void>,
): () => Session {
  let session: Session | undefined
  const failureShot = (testName: string) => `FAILED-${viewport.name}-${testName}`
  beforeEach(async ({ task }) => {
    forgetScreenshot(failureShot(task.name))
    const context = await newContext(app.browser(), viewport, app.server().url)
    await prepare?.(context)
    const watch = watchConsole(context)
    const page = await context.newPage()
    session = {
      viewport,
      context,
      page,
      console: watch,
      shot: (step, options) => screenshot(page, `${viewport.name}-${step}`, options),
    }
  })
  afterEach(async ({ task }) => {
    const current = session
    session = undefined
    if (!current) return
    try {
      if (task.result?.state === 'fail') {
        const path = await screenshot(current.page, failureShot(task.name)).catch(() => 'none')
        console.log(
          `screenshot: ${path}\n--- server output (last 4000 chars) ---\n${app.server().output().slice(-4000)}`,
        )
      }
      const unexpected = current.console.unexpected()
      if (unexpected.length > 0) throw new Error(`unexpected console errors:\n${unexpected.join('\n')}`)
    } finally {
      await current.context.close()
    }
  })
  return () => {
    if (!session) throw new Error('no session outside a test')
    return session
  }
}
