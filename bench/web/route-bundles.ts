// The JavaScript each public route moves on the wire on a first visit, measured in Chromium (phone viewport,
// service worker blocked so the precache does not count as the page's own load). The first screen is every JS
// file the page asks for until the app has taken it over (the entry, the app it starts after the first paint, the
// route's chunks: src/taken-over.ts); what it asks for later, in idle time, is reported apart: `<link rel=prefetch>`
// of the next likely page, the service worker's registration, and anything else (listed by name) until the network
// is idle.
import { chromium, type Request } from 'playwright-core'
import { TAKEN_OVER_MARK } from '../../src/first-screen/taken-over'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/harness/browser'

export interface RouteBundle {
  path: string
  /** Bytes on the wire (after Content-Encoding) of the JS the route loads, and the number of files. */
  wireBytes: number
  files: number
  /** The largest file and its wire size. */
  largest: { file: string; bytes: number }
  /** JS fetched as an idle prefetch (bytes on the wire). */
  prefetchBytes: number
  /** Other JS asked for after the app took the page over (bytes on the wire) and the files' names. */
  laterBytes: number
  later: string[]
  encodings: string[]
}

const isPrefetch = async (request: Request) => {
  const headers = await request.allHeaders()
  return headers['sec-purpose']?.includes('prefetch') === true || headers.purpose === 'prefetch'
}

export async function measureRoutes(baseUrl: string, paths: string[]): Promise<RouteBundle[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const results: RouteBundle[] = []
    for (const path of paths) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      const scripts: { request: Request; url: string }[] = []
      page.on('requestfinished', (request) => {
        const url = request.url()
        if (new URL(url).pathname.endsWith('.js')) scripts.push({ request, url })
      })
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
      const takenOverAt = await page.evaluate((mark) => {
        const [entry] = performance.getEntriesByName(mark, 'mark')
        if (!entry) throw new Error('the app never took the page over')
        return performance.timeOrigin + entry.startTime
      }, TAKEN_OVER_MARK)
      let wireBytes = 0
      let prefetchBytes = 0
      let laterBytes = 0
      const later: string[] = []
      let largest = { file: '', bytes: 0 }
      const encodings = new Set<string>()
      for (const { request, url } of scripts) {
        const { responseBodySize } = await request.sizes()
        const response = await request.response()
        encodings.add((await response?.headerValue('content-encoding')) ?? 'identity')
        if (await isPrefetch(request)) {
          prefetchBytes += responseBodySize
          continue
        }
        if (request.timing().startTime > takenOverAt) {
          laterBytes += responseBodySize
          later.push(new URL(url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''))
          continue
        }
        wireBytes += responseBodySize
        if (responseBodySize > largest.bytes)
          largest = { file: new URL(url).pathname, bytes: responseBodySize }
      }
      const files = (await Promise.all(scripts.map(({ request }) => isPrefetch(request)))).filter(
        (p) => !p,
      ).length
      results.push({
        path,
        wireBytes,
        files,
        largest,
        prefetchBytes,
        laterBytes,
        later,
        encodings: [...encodings],
      })
      await context.close()
    }
    return results
  } finally {
    await browser.close()
  }
}
