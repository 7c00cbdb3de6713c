// Bundle size of the built PWA: the brotli size of the JavaScript each public page's first screen loads (the entry,
// the app it starts after the first paint, and the page's own modules that its template preloads: scripts/prerender.ts),
// against the 130 KB budget, and of every lazy chunk. Run after a build:
//   node --import tsx bench/bundle.bench.ts [dist folder]
// bench/lighthouse.bench.ts measures the same in Chromium, on the wire.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, posix, relative, resolve } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

const BUDGET_KB = 130
const dist = resolve(
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(import.meta.dirname, '../dist'),
)

const brotliKb = (file: string) =>
  brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024
const fmt = (kb: number) => `${kb.toFixed(1).padStart(7)} KB`
const inDist = (url: string) => join(dist, url.replace(/^\//, ''))

/** The page's module scripts and every modulepreload link (those waiting in its template included). */
function pageScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
  return tags
    .filter((tag) => tag.startsWith('<script') || /rel=["']?modulepreload/.test(tag))
    .map((tag) => /(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1])
    .filter((url): url is string => url !== undefined && url.endsWith('.js') && !/^[a-z]+:\/\//.test(url))
    .map(inDist)
}

/** Static imports of a built chunk (`import … from "./x.js"`), and the app the entry imports after the first paint. */
function firstScreenImports(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  const statics = code.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)
  const app = code.matchAll(/import\(["'](\.\/app-[\w-]+\.js)["']\)/g)
  return [...statics, ...app].map((match) => resolve(dirname(file), match[1] ?? ''))
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    queue.push(...firstScreenImports(file))
  }
  return seen
}

/** This build's JS files (its manifest's, and the service worker): not those an earlier build left in dist/. */
function jsFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >
  const files = new Set(Object.values(manifest).map((entry) => inDist(entry.file)))
  return [...files, inDist('sw.js')].filter((file) => file.endsWith('.js'))
}

function main(): number {
  const templates = join(dist, 'prerendered')
  if (!existsSync(templates)) {
    console.error(`bundle: ${templates} is missing; run npx vite build first`)
    return 1
  }
  const name = (file: string) => posix.normalize(relative(dist, file))
  console.log(
    `bundle (brotli 11, KB = 1024 bytes), dist built ${statSync(join(dist, 'index.html')).mtime.toISOString()}`,
  )
  console.log(`first screen per public page (budget ${BUDGET_KB} KB):`)
  const firstScreen = new Set<string>()
  let met = true
  for (const template of readdirSync(templates).filter((file) => file.endsWith('.html'))) {
    const files = closure(pageScripts(readFileSync(join(templates, template), 'utf8')))
    files.forEach((file) => firstScreen.add(file))
    const kb = [...files].reduce((sum, file) => sum + brotliKb(file), 0)
    met &&= kb <= BUDGET_KB
    const largest = [...files].sort((a, b) => brotliKb(b) - brotliKb(a)).slice(0, 3)
    console.log(
      `  ${basename(template, '.html').padEnd(12)} ${fmt(kb)} in ${String(files.size).padStart(2)} files ` +
        `${kb <= BUDGET_KB ? 'ok' : 'MISSED'}; largest ${largest.map((file) => `${name(file)} ${brotliKb(file).toFixed(1)}`).join(', ')}`,
    )
  }
  console.log('lazy chunks and service worker (the ten largest):')
  const lazy = jsFiles()
    .filter((file) => !firstScreen.has(file))
    .map((file) => ({ file: name(file), kb: brotliKb(file) }))
    .sort((a, b) => b.kb - a.kb)
  lazy.slice(0, 10).forEach((row) => console.log(`  ${fmt(row.kb)}  ${row.file}`))
  console.log(`  ${fmt(lazy.reduce((sum, row) => sum + row.kb, 0))}  all ${lazy.length} lazy files`)
  if (!met) {
    console.error(`bundle: a public page's first screen is over the ${BUDGET_KB} KB budget`)
    return 1
  }
  console.log('bundle: every public page within budget')
  return 0
}

process.exitCode = main()
