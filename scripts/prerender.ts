// Writes the prerendered HTML into a finished client build (issue 10: first paint without JavaScript): index.html
// gets the shell (served for every route without a page of its own, and by the service worker), and
// prerendered/<route>.html a public route's static first screen (served by server/plugins/static.ts).
// src/prerender/render.tsx is bundled for Node by a second, SSR-only Vite build, with the same CSS-module class
// names as the client build (same root, same files), then run once.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { prerenderedFile } from '../server/plugins/prerendered-file'

const ROOT_DIV = '<div id="root"></div>'

// The service worker's registration module exists only in the client build (vite-plugin-pwa); the shell's
// UpdatePrompt imports it in an effect, which never runs while prerendering.
const noServiceWorker: Plugin = {
  name: 'lifeline-prerender-no-sw',
  resolveId: (id) => (id === 'virtual:pwa-register' ? '\0no-sw' : undefined),
  load: (id) => (id === '\0no-sw' ? 'export const registerSW = () => () => undefined' : undefined),
}

/**
 * What a first visit's browser has stored: nothing. The prerendered pages are what a visitor who was never
 * signed in sees (the session atoms read local storage when the app's modules load).
 */
function firstVisitStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  }
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>

/**
 * The page module's stylesheets (the prerendered markup needs them to look right before any JS runs) and
 * modulepreloads for its code and static imports (fetched beside the entry, not after it): what index.html
 * already loads is left out.
 */
function pageAssets(manifest: Manifest, module: string): string {
  if (!manifest[module])
    throw new Error(
      `prerender: ${module} is not in the build; update PRERENDERED_PAGES in src/prerender/render.tsx`,
    )
  const entry = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return
    into.add(key)
    for (const imported of manifest[key]?.imports ?? []) walk(imported, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry)
  const own = new Set<string>()
  walk(module, own)
  const chunks = [...own].filter((key) => !entry.has(key)).map((key) => manifest[key]!)
  const css = chunks.flatMap((chunk) => chunk.css ?? [])
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
  ].join('')
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g

/**
 * The page's stylesheets inlined: the first paint then needs the HTML alone, not one more round trip per CSS
 * file (a few KB compressed; a lazily loaded page's own CSS may load again later as a file, which is harmless).
 */
const inlineStyles = (outDir: string, html: string) =>
  html.replace(STYLESHEET, (_, file: string) => `<style>${readFileSync(join(outDir, file), 'utf8')}</style>`)

interface RenderModule {
  PRERENDERED_PAGES: Record<string, string>
  renderShell(): Promise<string>
  renderPage(path: string): Promise<string>
}

export async function prerender(root: string, outDir: string): Promise<string[]> {
  // Inside the project, so the bundle's external imports (react, react-router…) resolve from its node_modules.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true })
  const ssrOut = mkdtempSync(join(root, 'node_modules/.cache/prerender-'))
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react(), noServiceWorker],
      build: { ssr: 'src/prerender/render.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
    })
    globalThis.localStorage ??= firstVisitStorage()
    const render = (await import(pathToFileURL(join(ssrOut, 'render.js')).href)) as RenderModule
    const template = readFileSync(join(outDir, 'index.html'), 'utf8')
    if (!template.includes(ROOT_DIV)) throw new Error(`prerender: index.html has no ${ROOT_DIV}`)
    const page = (html: string, head = '') =>
      inlineStyles(
        outDir,
        template.replace(ROOT_DIV, `<div id="root">${html}</div>`).replace('</head>', `${head}</head>`),
      )
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
    mkdirSync(join(outDir, 'prerendered'), { recursive: true })
    const written = []
    for (const [path, module] of Object.entries(render.PRERENDERED_PAGES)) {
      const html = page(await render.renderPage(path), pageAssets(manifest, module))
      writeFileSync(join(outDir, prerenderedFile(path)), html)
      written.push(prerenderedFile(path))
    }
    writeFileSync(join(outDir, 'index.html'), page(await render.renderShell()))
    return [...written, 'index.html']
  } finally {
    rmSync(ssrOut, { recursive: true, force: true })
  }
}
