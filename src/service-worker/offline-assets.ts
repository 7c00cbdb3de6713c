// The service worker precaches only the shell (vite.config.ts); every other chunk is cached as it is used, by the
// worker's runtime route for /assets/. Chunks a page fetched before the worker was in control (a first visit)
// did not pass through it: they are handed to it here (workbox's CACHE_URLS message), and so is every chunk
// loaded later, so what a visitor has seen also opens offline.
const assetsOf = (entries: PerformanceEntryList) =>
  entries
    .map((entry) => entry.name)
    .filter((url) => {
      const { origin, pathname } = new URL(url)
      return origin === location.origin && pathname.startsWith('/assets/')
    })

export function keepAssetsForOffline(worker: ServiceWorker): void {
  const hand = (urls: string[]) => {
    if (urls.length > 0) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } })
  }
  hand(assetsOf(performance.getEntriesByType('resource')))
  new PerformanceObserver((list) => hand(assetsOf(list.getEntries()))).observe({ type: 'resource' })
}
