// Debian's Chromium through playwright-core, and the two viewports every spec runs at.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'

/** The flags every headless Chromium of ours starts with (e2e, and the bench's bundle and Lighthouse runs). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Viewport {
  name: 'phone' | 'desktop'
  options: BrowserContextOptions
}

// An iPhone in a wallet's in-app browser (a WebView: no "Safari" token). Not Android, so the Mobile Wallet
// Adapter stays away; not iOS Safari, where wallet-adapter turns Phantom into a universal-link redirect.
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'

export const phone: Viewport = {
  name: 'phone',
  options: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    userAgent: PHONE_UA,
  },
}

/** Real user agents of the connection matrix's rows (src/wallet/connection-matrix.ts). */
export const USER_AGENTS = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  phantomIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Phantom/ios/25.10.0',
}

/** The phone viewport with another browser's user agent. */
export function phoneWith(userAgent: string): Viewport {
  return { name: 'phone', options: { ...phone.options, userAgent } }
}

export const desktop: Viewport = {
  name: 'desktop',
  options: { viewport: { width: 1280, height: 800 } },
}

export const viewports = [phone, desktop]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

export function newContext(browser: Browser, viewport: Viewport, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ ...viewport.options, baseURL })
}
