// Writes the prerendered HTML into a finished client build (issue 10: first paint without JavaScript): index.html
// gets the shell (served for every route without a page of its own, and by the service worker), and
// prerendered/<route>.html a public route's static first screen (served by server/plugins/static.ts).
// src/prerender/render.tsx is bundled for Node by a second, SSR-only Vite build, with the same CSS-module class
// names as the client build (same root, same files), then run once.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { PAGE_RENDERER, prerenderedFile } from '../server/plugins/prerendered-file'
import { NEXT_PAGE_TEMPLATE } from '../src/app/next-page'
import { PAGE_MODULES_TEMPLATE } from '../src/page-modules'
import { preactAliases } from './preact-alias'

const ROOT_DIV = '<div id="root"></div>'

// The service worker's registration module exists only in the client build (vite-plugin-pwa); the shell's
// UpdatePrompt imports it in an effect, which never runs while prerendering.
const noServiceWorker: Plugin = {
  name: 'lifeline-prerender-no-sw',
  resolveId: (id) => (id === 'virtual:pwa-register' ? '\0no-sw' : undefined),
  load: (id) => (id === '\0no-sw' ? 'export const registerSW = () => () => undefined' : undefined),
}

type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>

/**
 * The manifest keys of the chunks index.html starts: its module scripts (src/boot.ts's chunk; its key is the chunk
 * group's, scripts/first-screen-chunks.ts, not index.html) and the app they import once the page has painted.
 */
function entryKeys(manifest: Manifest, template: string): string[] {
  const scripts = [...template.matchAll(/<script type="module" crossorigin src="\/([^"]+)"/g)].map(
    (m) => m[1],
  )
  const keys = Object.keys(manifest).filter((key) => scripts.includes(manifest[key]!.file))
  if (keys.length === 0) throw new Error('prerender: index.html starts no chunk of the manifest')
  return [...keys, ...keys.flatMap((key) => manifest[key]!.dynamicImports ?? [])]
}

/**
 * The shell's files: the entry with everything it imports, and the lazy parts of the shell itself (account
 * sheet, install banner, service worker registration…) with theirs, but no page (src/features) and not the
 * wallet stack (src/wallet): those are cached as they are used.
 */
function shellFiles(manifest: Manifest, entries: string[]): string[] {
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key) || /^src\/(features|wallet)\//.test(key) || !manifest[key]) return
    seen.add(key)
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(next)
  }
  entries.forEach(walk)
  return [...seen].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])])
}

/** `keys` and every chunk they import statically. */
function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  const walk = (key: string) => {
    if (!manifest[key])
      throw new Error(
        `prerender: ${key} is not in the build; update PRERENDERED_PAGES in src/prerender/render.tsx`,
      )
    if (into.has(key)) return
    into.add(key)
    for (const imported of manifest[key].imports ?? []) walk(imported)
  }
  keys.forEach(walk)
  return into
}

const stylesheets = (files: string[]) =>
  files.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('')

/**
 * The stylesheets of what index.html starts (the global styles and the shell's, which the app imports: src/boot.ts
 * imports the app only after the first paint, so Vite links none of them in index.html): every page paints with them.
 */
function startedStylesheets(manifest: Manifest, entries: string[]): string {
  return stylesheets([...staticClosure(manifest, entries)].flatMap((key) => manifest[key]!.css ?? []))
}

/**
 * The page's stylesheets (the prerendered markup needs them before any JS runs), modulepreloads for its code and
 * static imports (in a template that src/boot.ts adds when it starts the app: fetched beside the app, not before
 * the first paint nor after the app), and idle-time prefetches for the next likely page's code; what index.html
 * already loads is left out.
 */
function pageAssets(
  manifest: Manifest,
  entries: string[],
  page: PrerenderedPage,
): { html: string; files: string[] } {
  const entry = staticClosure(manifest, entries)
  const own = [...staticClosure(manifest, page.modules)].filter((key) => !entry.has(key))
  const next = [...staticClosure(manifest, page.next)].filter((key) => !entry.has(key) && !own.includes(key))
  const files = (keys: string[]) => keys.map((key) => manifest[key]!.file)
  const css = own.flatMap((key) => manifest[key]!.css ?? [])
  const preloads = files(own).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  const html = stylesheets(css) + `<template id="${PAGE_MODULES_TEMPLATE}">${preloads.join('')}</template>`
  // The next page's prefetches wait in a template until this page has loaded (src/app/next-page.ts): in the head
  // they would start beside the first screen's files and share its six connections.
  const prefetches = files(next).map((file) => `<link rel="prefetch" crossorigin href="/${file}">`)
  const later =
    prefetches.length > 0 ? `<template id="${NEXT_PAGE_TEMPLATE}">${prefetches.join('')}</template>` : ''
  return { html: html + later, files: [...files(own), ...css] }
}

/** The shell's files and the prerendered pages' own chunks and CSS: what the service worker precaches. */
export const SHELL_ASSETS = '.vite/shell-assets.json'

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g

/**
 * The page's stylesheets inlined: the first paint then needs the HTML alone, not one more round trip per CSS
 * file (a few KB compressed; a lazily loaded page's own CSS may load again later as a file, which is harmless).
 */
const inlineStyles = (outDir: string, html: string) =>
  html.replace(
    STYLESHEET,
    (_, file: string) => `<style>${readFileSync(join(outDir, file), 'utf8')}</style>${inlinedMark(file)}`,
  )

/**
 * A disabled link to the stylesheet just inlined: browsers do not fetch a disabled stylesheet, and Vite's loader
 * of a lazy chunk's CSS skips a stylesheet the page already links, so the page's chunks, when the app imports
 * them, do not fetch again the CSS the page carries (before the first paint, beside the first image).
 */
const inlinedMark = (file: string) => `<link rel="stylesheet" href="/${file}" disabled>`

interface PrerenderedPage {
  modules: string[]
  next: string[]
  at?: string
}

interface RenderModule {
  PRERENDERED_PAGES: Record<string, PrerenderedPage>
  renderShell(): Promise<string>
  renderPage(path: string): Promise<string>
}

export async function prerender(root: string, outDir: string): Promise<string[]> {
  // Kept in the build (a dot directory, never served): the server renders the public pages with their data with it.
  const ssrOut = join(outDir, dirname(PAGE_RENDERER))
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), noServiceWorker],
    // Bundled, dependencies included, so that jotai and the app render with Preact as in the browser.
    resolve: { alias: preactAliases },
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender/render.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
  })
  const render = (await import(pathToFileURL(join(outDir, PAGE_RENDERER)).href)) as RenderModule
  const template = readFileSync(join(outDir, 'index.html'), 'utf8')
  if (!template.includes(ROOT_DIV)) throw new Error(`prerender: index.html has no ${ROOT_DIV}`)
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const entries = entryKeys(manifest, template)
  const shellHead = startedStylesheets(manifest, entries)
  const page = (html: string, head = '') =>
    inlineStyles(
      outDir,
      template
        .replace(ROOT_DIV, `<div id="root">${html}</div>`)
        .replace('</head>', `${shellHead}${head}</head>`),
    )
  mkdirSync(join(outDir, 'prerendered'), { recursive: true })
  const written = []
  const assets = new Set<string>(shellFiles(manifest, entries))
  for (const [path, pageModules] of Object.entries(render.PRERENDERED_PAGES)) {
    const own = pageAssets(manifest, entries, pageModules)
    own.files.forEach((file) => assets.add(file))
    writeFileSync(
      join(outDir, prerenderedFile(path)),
      page(await render.renderPage(pageModules.at ?? path), own.html),
    )
    written.push(prerenderedFile(path))
  }
  writeFileSync(join(outDir, SHELL_ASSETS), JSON.stringify([...assets]))
  writeFileSync(join(outDir, 'index.html'), page(await render.renderShell()))
  return [...written, 'index.html']
}
