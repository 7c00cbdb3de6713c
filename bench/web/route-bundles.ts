// The JavaScript each public route moves on the wire on a first visit, measured in Chromium (phone viewport,
// service worker blocked so the precache does not count as the page's own load): module scripts and
// modulepreloads the page asks for before its network goes idle. Chunks fetched with `<link rel=prefetch>` in idle
// time (the next likely page) are reported apart, since they do not delay the first screen.
import { chromium, type Request } from 'playwright-core'

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
]

export interface RouteBundle {
  path: string
  /** Bytes on the wire (after Content-Encoding) of the JS the route loads, and the number of files. */
  wireBytes: number
  files: number
  /** The largest file and its wire size. */
  largest: { file: string; bytes: number }
  /** JS fetched as an idle prefetch (bytes on the wire). */
  prefetchBytes: number
  encodings: string[]
}

const isPrefetch = async (request: Request) => {
  const headers = await request.allHeaders()
  return headers['sec-purpose']?.includes('prefetch') === true || headers.purpose === 'prefetch'
}

export async function measureRoutes(baseUrl: string, paths: string[]): Promise<RouteBundle[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS })
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
      let wireBytes = 0
      let prefetchBytes = 0
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
        wireBytes += responseBodySize
        if (responseBodySize > largest.bytes)
          largest = { file: new URL(url).pathname, bytes: responseBodySize }
      }
      const files = (await Promise.all(scripts.map(({ request }) => isPrefetch(request)))).filter(
        (p) => !p,
      ).length
      results.push({ path, wireBytes, files, largest, prefetchBytes, encodings: [...encodings] })
      await context.close()
    }
    return results
  } finally {
    await browser.close()
  }
}
