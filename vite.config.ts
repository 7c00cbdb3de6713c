// The PWA build. The manifest lives at the repository root (single source) and is served and emitted
// by the small plugin below; vite-plugin-pwa only generates the service worker.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { firstScreenChunks } from './scripts/first-screen-chunks'
import { precompress } from './scripts/precompress'
import { prerender } from './scripts/prerender'
import { shellOnly } from './src/service-worker/precache-shell'

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

/** The server's renderer, the shell and the public pages' templates (scripts/prerender.ts), before the service worker
 * is made (it precaches what the prerender step lists). */
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
  build: {
    // dist/.vite/manifest.json: which CSS and chunks each page module needs (read by the prerender step).
    manifest: true,
    // Every browser the PWA supports preloads modules itself; the polyfill would only weigh on the first screen.
    modulePreload: { polyfill: false },
  },
  plugins: [
    react(),
    rootManifest(),
    firstScreenChunks(),
    VitePWA({
      // The worker is ours (src/service-worker/sw.ts, with its caching rules); the plugin builds it and injects the
      // precache list, cut to the shell (src/service-worker/precache-shell.ts).
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'manifest.webmanifest', 'icons/*.{svg,png}', 'assets/*.{js,css}'],
        manifestTransforms: [shellOnly(() => output.outDir)],
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
