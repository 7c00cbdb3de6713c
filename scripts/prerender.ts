// Writes what the server serves pages from into a finished client build:
// - dist/.ssr/render.js: the app's renderer for Node (src/first-screen/render-page.tsx, bundled by a second,
//   SSR-only Vite build with the same CSS-module class names as the client build: same root, same files), which the
//   server runs to render a public page with its data on request;
// - index.html with the shell (navbar, tab bar, an empty page): served for every other route, and by the service
//   worker offline;
// - prerendered/<page>.html for each public page (src/first-screen/public-pages.ts): the shell's HTML with the page's
//   own styles inlined and its code waiting in templates (src/first-screen/page-code.ts); the server puts the
//   rendered page into its root;
// - the list of the shell's and the public pages' files, which the service worker precaches.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { PAGE_RENDERER, pageTemplate } from '../server/web/page-files'
import { NEXT_PAGE_TEMPLATE, PAGE_MODULES_TEMPLATE } from '../src/first-screen/page-code'
import { PUBLIC_PAGES, type PublicPage } from '../src/first-screen/public-pages'
import { SHELL_ASSETS } from '../src/service-worker/precache-shell'

const ROOT_DIV = '<div id="root"></div>'

type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>

/**
 * The manifest keys of the chunks index.html starts: its module scripts (the entry's chunk; its key is the chunk
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
 * sheet, install banner, service worker registration…) with theirs, but no page (src/features, src/app's page
 * routes) and not the wallet stack (src/wallet): those are cached as they are used.
 */
function shellFiles(manifest: Manifest, entries: string[]): string[] {
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key) || /^src\/(features|wallet|app\/donate)\//.test(key) || !manifest[key]) return
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
      throw new Error(`prerender: ${key} is not in the build; check src/first-screen/public-pages.ts`)
    if (into.has(key)) return
    into.add(key)
    for (const imported of manifest[key].imports ?? []) walk(imported)
  }
  keys.forEach(walk)
  return into
}

const stylesheets = (files: string[]) =>
  files.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('')

const modulesOf = (page: PublicPage | undefined) => (page ? [page.page, page.loader] : [])

/**
 * The page's stylesheets (the server's markup needs them before any JS runs), modulepreloads for its code and
 * static imports, and idle-time prefetches for the next likely page's code, each in its template
 * (src/first-screen/page-code.ts); what index.html already loads is left out.
 */
function pageAssets(manifest: Manifest, entries: string[], page: PublicPage) {
  const entry = staticClosure(manifest, entries)
  const own = [...staticClosure(manifest, modulesOf(page))].filter((key) => !entry.has(key))
  const nextPage = page.next ? PUBLIC_PAGES[page.next as keyof typeof PUBLIC_PAGES] : undefined
  const next = [...staticClosure(manifest, modulesOf(nextPage))].filter(
    (key) => !entry.has(key) && !own.includes(key),
  )
  const files = (keys: string[]) => keys.map((key) => manifest[key]!.file)
  const css = own.flatMap((key) => manifest[key]!.css ?? [])
  const links = (rel: string, keys: string[]) =>
    files(keys).map((file) => `<link rel="${rel}" crossorigin href="/${file}">`)
  const template = (id: string, tags: string[]) =>
    tags.length > 0 ? `<template id="${id}">${tags.join('')}</template>` : ''
  const html =
    stylesheets(css) +
    template(PAGE_MODULES_TEMPLATE, links('modulepreload', own)) +
    template(NEXT_PAGE_TEMPLATE, links('prefetch', next))
  return { html, files: [...files(own), ...css] }
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g

/**
 * The page's stylesheets inlined: the first paint then needs the HTML alone, not one more round trip per CSS file.
 * Each is followed by a disabled link to it: browsers do not fetch a disabled stylesheet, and Vite's loader of a
 * lazy chunk's CSS skips a stylesheet the page already links, so the page's chunks do not fetch it again.
 */
const inlineStyles = (outDir: string, html: string) =>
  html.replace(
    STYLESHEET,
    (_, file: string) =>
      `<style>${readFileSync(join(outDir, file), 'utf8')}</style><link rel="stylesheet" href="/${file}" disabled>`,
  )

interface RenderModule {
  renderShell(): Promise<string>
}

/** The stylesheets of what index.html starts (the global styles and the shell's, which the app imports). */
const startedStylesheets = (manifest: Manifest, entries: string[]) =>
  stylesheets([...staticClosure(manifest, entries)].flatMap((key) => manifest[key]!.css ?? []))

export async function prerender(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    ssr: { noExternal: true },
    build: {
      ssr: 'src/first-screen/render-page.tsx',
      outDir: join(outDir, dirname(PAGE_RENDERER)),
      rolldownOptions: { output: { entryFileNames: basename(PAGE_RENDERER) } },
      emptyOutDir: true,
      copyPublicDir: false,
    },
  })
  const render = (await import(pathToFileURL(join(outDir, PAGE_RENDERER)).href)) as RenderModule
  const template = readFileSync(join(outDir, 'index.html'), 'utf8')
  if (!template.includes(ROOT_DIV)) throw new Error(`prerender: index.html has no ${ROOT_DIV}`)
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const entries = entryKeys(manifest, template)
  const shellHead = startedStylesheets(manifest, entries)
  const shell = await render.renderShell()
  const page = (head = '') =>
    inlineStyles(
      outDir,
      template
        .replace(ROOT_DIV, `<div id="root">${shell}</div>`)
        .replace('</head>', `${shellHead}${head}</head>`),
    )
  mkdirSync(join(outDir, dirname(pageTemplate('x'))), { recursive: true })
  const assets = new Set<string>(shellFiles(manifest, entries))
  for (const [name, publicPage] of Object.entries(PUBLIC_PAGES)) {
    const own = pageAssets(manifest, entries, publicPage)
    own.files.forEach((file) => assets.add(file))
    writeFileSync(join(outDir, pageTemplate(name)), page(own.html))
  }
  writeFileSync(join(outDir, SHELL_ASSETS), JSON.stringify([...assets]))
  writeFileSync(join(outDir, 'index.html'), page())
}
