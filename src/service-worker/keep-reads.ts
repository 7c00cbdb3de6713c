// A page the server rendered came with its reads in the HTML (src/first-screen/hydration.ts), so the browser
// never asked the API for them and the worker's cache of public reads holds none of them: a visitor who then goes
// offline and opens the same page through the app (a tab, a link) would find it "not saved". The page hands those
// reads to the worker, which keeps them as if it had fetched them.
import type { HydrationState } from 'react-router-dom'
import type { Read } from '../lib/public-read'
import { KEEP_READS, type KeptRead } from './caches'

const isRead = (value: unknown): value is Read<unknown> =>
  typeof value === 'object' && value !== null && 'url' in value && 'data' in value && Boolean(value.url)

/** The successful reads in the router's hydration data, as the worker keeps them. */
export function readsOf(loaderData: HydrationState['loaderData']): KeptRead[] {
  return Object.values(loaderData ?? {})
    .flatMap((data) => (data && typeof data === 'object' ? Object.values(data as object) : []))
    .filter(isRead)
    .map((read) => ({ url: read.url, body: JSON.stringify(read.data) }))
}

/** Hands the reads to the worker once one controls the page (a first visit: after it has installed). */
export function keepReadsForOffline(loaderData: HydrationState['loaderData']): void {
  const reads = readsOf(loaderData)
  if (reads.length === 0 || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready.then(({ active }) => active?.postMessage({ type: KEEP_READS, reads }))
}
