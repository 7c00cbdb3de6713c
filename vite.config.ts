// The PWA build. The manifest lives at the repository root (single source) and is served and emitted
// by the small plugin below; vite-plugin-pwa only generates the service worker.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/precompress'
import { prerender } from './scripts/prerender'

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

/** The shell and the public routes' first screens as HTML (scripts/prerender.ts), before the service worker is made. */
function prerendered(): Plugin {
  let root = ''
  let outDir = ''
  return {
    name: 'lifeline-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      handler: async () => void (await prerender(root, outDir)),
    },
  }
}

export default defineConfig({
  build: {
    // dist/.vite/manifest.json: which CSS and chunks each page module needs (read by the prerender step).
    manifest: true,
  },
  plugins: [
    react(),
    rootManifest(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['screenshots/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/rpc/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Public reads (lists, featured, detail, feeds, campaigns, config): offline-capable, bounded.
            urlPattern: ({ url, request }) =>
              url.origin === self.location.origin &&
              request.method === 'GET' &&
              !request.headers.has('Authorization') &&
              /^\/api\/(config\/?$|emergency\/(list|featured|detail|public-donations|\d+\/donations)|airdrop\/campaigns\/(\d+\/?)?$)/.test(
                url.pathname,
              ),
            handler: 'StaleWhileRevalidate',
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
