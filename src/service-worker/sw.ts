// The service worker (built by vite-plugin-pwa's injectManifest from this file). It precaches the shell (the
// build's list: precache-shell.ts) and caches the rest as it is used:
// - pages: the network first (the server's page carries its first screen); offline, the last copy of that page,
//   else the shell;
// - hashed assets: the first copy is the copy;
// - public API reads (the server marks them `Cache-Control: public`): the network's answer while online, the last
//   copy offline; never a request that carries a token;
// - public images, first copy kept; never KYC, chat or user files.
// New versions wait for the page's prompt (register.ts): never a silent reload mid-signature. Pushes become
// notifications (push.ts).
/// <reference lib="webworker" />
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core'
import { CACHES, KEEP_READS, type KeptRead } from './caches'
import { listenForPushes } from './push'

declare const self: ServiceWorkerGlobalScope

const DAY_SECONDS = 24 * 60 * 60
const READS_KEPT = { maxEntries: 120, maxAgeSeconds: DAY_SECONDS }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
listenForPushes()

/** Only what the server sent whole and whose status says so. */
const keepOk = (statuses = [200]): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (statuses.includes(response.status) ? response : null),
})

/** An API answer the server marked as the same for everyone. */
const keepPublic: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '')
      ? response
      : null,
}

const sameOriginGet = (url: URL, request: Request) =>
  url.origin === self.location.origin && request.method === 'GET'

registerRoute(
  ({ url, request }) => request.mode === 'navigate' && !/^\/(api|rpc)(\/|$)/.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.pages,
    plugins: [
      keepOk(),
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: DAY_SECONDS }),
      { handlerDidError: async () => matchPrecache('/index.html') },
    ],
  }),
)

registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [keepOk(), new ExpirationPlugin({ maxEntries: 200 })],
  }),
)

registerRoute(
  ({ url, request }) =>
    sameOriginGet(url, request) && url.pathname.startsWith('/api/') && !request.headers.has('Authorization'),
  new NetworkFirst({
    cacheName: CACHES.publicReads,
    plugins: [keepPublic, new ExpirationPlugin(READS_KEPT)],
  }),
)

registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    !request.headers.has('Authorization') &&
    !/^\/api\/(users|airdrop\/(kyc|chat))/.test(url.pathname),
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [keepOk([0, 200]), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
)

/** Reads a page was served in its HTML (keep-reads.ts), kept as if fetched: only same-origin public API URLs. */
async function keepReads(reads: KeptRead[]) {
  const cache = await caches.open(CACHES.publicReads)
  const expiration = new CacheExpiration(CACHES.publicReads, READS_KEPT)
  for (const { url, body } of reads) {
    const absolute = new URL(url, self.location.origin)
    if (absolute.origin !== self.location.origin || !absolute.pathname.startsWith('/api/')) continue
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, no-cache' }
    await cache.put(absolute.href, new Response(body, { headers }))
    await expiration.updateTimestamp(absolute.href)
  }
  await expiration.expireEntries()
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; reads?: KeptRead[] } | undefined
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (data?.type === KEEP_READS && Array.isArray(data.reads)) event.waitUntil(keepReads(data.reads))
})
