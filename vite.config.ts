// The PWA build. The manifest lives at the repository root (single source) and is served and emitted
// by the small plugin below; vite-plugin-pwa only generates the service worker.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { firstScreenChunks } from './scripts/first-screen-chunks'
import { preactAliases } from './scripts/preact-alias'
import { precompress } from './scripts/precompress'
import { prerender } from './scripts/prerender'
import { shellOnly } from './scripts/shell-precache'

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080'
const manifestPath = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url))

function rootManifest(): Plugin {
  return {
    name: 'lifeline-root-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json')
        res.end(readFileSync(manifestPath))
      })
    },
    // Injected rather than written in index.html, so Vite does not hash it: the manifest keeps one stable URL.
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
    ],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(manifestPath) })
    },
  }
}

/** Brotli and gzip copies of the whole build, after the service worker is written (closeBundle, last). */
function precompressed(): Plugin {
  let outDir = ''
  return {
    name: 'lifeline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: { sequential: true, order: 'post', handler: () => void precompress(outDir) },
  }
}

/** Where this build writes (build-if-needed.mjs builds into a temporary folder): set once the config is resolved. */
const output = { root: '', outDir: '' }

/** The shell and the public routes' first screens as HTML (scripts/prerender.ts), before the service worker is made. */
function prerendered(): Plugin {
  return {
    name: 'lifeline-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      output.root = config.root
      output.outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      handler: async () => void (await prerender(output.root, output.outDir)),
    },
  }
}

export default defineConfig({
  resolve: { alias: preactAliases },
  build: {
    // dist/.vite/manifest.json: which CSS and chunks each page module needs (read by the prerender step).
    manifest: true,
    // Every browser the PWA supports preloads modules itself; the polyfill would only weigh on the first screen.
    modulePreload: { polyfill: false },
  },
  plugins: [
    // React's fast refresh cannot patch Preact components (scripts/preact-alias.ts): an edit reloads the page.
    react({ refreshExclude: /./ }),
    rootManifest(),
    firstScreenChunks(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        // Precache the shell only: index.html and what it loads, the manifest and the icons (about 100 KB
        // instead of every chunk, wallet stack included); the rest is cached as it is used (/assets/ below).
        globPatterns: ['index.html', 'manifest.webmanifest', 'icons/*.{svg,png}', 'assets/*.{js,css}'],
        manifestTransforms: [shellOnly(() => output.outDir)],
        // No navigation fallback (vite-plugin-pwa answers every navigation with index.html unless told): pages
        // go to the network first, below.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Pages: the server's page while online (it carries the first screen, data included, so the app takes
            // it over without redrawing it); offline, the last copy of that page, else the precached shell. Not the
            // shell for every navigation: a repeat visitor's /donate/{id} then drew the home page, then skeletons,
            // then the emergency.
            urlPattern: ({ url, request }) =>
              request.mode === 'navigate' && !/^\/(api|rpc)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'lifeline-pages',
              expiration: { maxEntries: 50, maxAgeSeconds: 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
              plugins: [{ handlerDidError: async () => caches.match('/index.html', { ignoreSearch: true }) }],
            },
          },
          {
            // Hashed chunks never change: the first copy is the copy (src/app/shell/offline-assets.ts hands over
            // those fetched before the worker was in control).
            urlPattern: ({ url, request }) =>
              url.origin === self.location.origin &&
              request.method === 'GET' &&
              url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'lifeline-assets',
              expiration: { maxEntries: 200 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Public reads (lists, featured, detail, feeds, campaigns, config): the network's answer while online,
            // the last copy kept when the network fails (offline). Not stale-while-revalidate: that showed the
            // previous visit's answer, e.g. /airdrops-list without the campaign its owner had just listed.
            urlPattern: ({ url, request }) =>
              url.origin === self.location.origin &&
              request.method === 'GET' &&
              !request.headers.has('Authorization') &&
              /^\/api\/(config\/?$|emergency\/(list|featured|detail|public-donations|\d+\/donations)|airdrop\/campaigns\/(\d+\/?)?$)/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'lifeline-public-api',
              expiration: { maxEntries: 120, maxAgeSeconds: 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Public images only: never KYC, chat or user files, never a request that carries a token.
            urlPattern: ({ url, request }) =>
              request.destination === 'image' &&
              !request.headers.has('Authorization') &&
              !/^\/api\/(users|airdrop\/(kyc|chat))/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'lifeline-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
    prerendered(),
    precompressed(),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/rpc': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/rpc': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
})
