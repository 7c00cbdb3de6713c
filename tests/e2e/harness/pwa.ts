// Service-worker and manifest helpers for the installability and offline specs.
import type { Page } from 'playwright-core'

/** Waits until a service worker is active for the page's scope and returns its script URL. */
export function activeServiceWorker(page: Page, timeoutMs = 30_000): Promise<string> {
  return page.evaluate(
    (ms) =>
      Promise.race([
        navigator.serviceWorker.ready.then(async (registration) => {
          const worker = registration.active
          if (worker && worker.state !== 'activated') {
            await new Promise((done) =>
              worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)),
            )
          }
          return worker?.scriptURL ?? ''
        }),
        new Promise<string>((_, fail) =>
          setTimeout(() => fail(new Error(`no active service worker in ${ms} ms`)), ms),
        ),
      ]),
    timeoutMs,
  )
}

export function controllingServiceWorker(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = bytes.subarray(0, 8).toString('hex')
  if (signature !== '89504e470d0a1a0a') throw new Error('not a PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}
