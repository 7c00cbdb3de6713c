// Bundle size of the built PWA: the gzip size of the JavaScript the first screen loads, and of
// every lazy chunk. Run after `npx vite build`: node --import tsx bench/bundle.bench.ts [dist folder]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, posix, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const TARGET_KB = 100
const dist = resolve(
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(import.meta.dirname, '../dist'),
)

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024
const fmt = (kb: number) => `${kb.toFixed(1).padStart(7)} KB`

/** The JS files index.html loads: module scripts and modulepreload links (site-absolute or relative). */
function entryScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
  return tags
    .filter((tag) => tag.startsWith('<script') || /rel=["']?modulepreload/.test(tag))
    .map((tag) => /(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1])
    .filter((url): url is string => url !== undefined && url.endsWith('.js') && !/^[a-z]+:\/\//.test(url))
    .map((url) => join(dist, url.replace(/^\//, '')))
}

/** Static imports (`import … from "./x.js"`, `import "./x.js"`) of a built chunk; dynamic import() is lazy. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  const found = code.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)
  return [...found].map((match) => resolve(dirname(file), match[1] ?? ''))
}

function firstScreen(html: string): Set<string> {
  const seen = new Set<string>()
  const queue = entryScripts(html)
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    queue.push(...staticImports(file))
  }
  return seen
}

/** The JS files of dist/ reachable by name from `from` (dynamic import(), preload lists, the SW URL). */
function reachable(from: Iterable<string>, byName: Map<string, string>): Set<string> {
  const seen = new Set<string>()
  const queue = [...from]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const named = readFileSync(file, 'utf8').matchAll(/["'`/]([\w.-]+)["'`]/g)
    for (const match of named) {
      // sw.js names workbox-<hash> without its extension
      const target = byName.get(match[1] ?? '') ?? byName.get(`${match[1]}.js`)
      if (target) queue.push(target)
    }
  }
  return seen
}

/** The build's JS files a browser can be served: not the dot directories (dist/.ssr, the server's page renderer). */
function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return []
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return jsFiles(path)
    return path.endsWith('.js') ? [path] : []
  })
}

function main(): number {
  const indexHtml = join(dist, 'index.html')
  if (!existsSync(indexHtml)) {
    console.error(`bundle: ${indexHtml} is missing; run npx vite build first`)
    return 1
  }
  const first = firstScreen(readFileSync(indexHtml, 'utf8'))
  const name = (file: string) => posix.normalize(relative(dist, file))
  const firstRows = [...first].map((file) => ({ file: name(file), kb: gzipKb(file) }))
  const all = jsFiles(dist)
  const loaded = reachable(first, new Map(all.map((file) => [basename(file), file])))
  const lazyRows = [...loaded]
    .filter((file) => !first.has(file))
    .map((file) => ({ file: name(file), kb: gzipKb(file) }))
  const leftovers = all.length - loaded.size
  const total = firstRows.reduce((sum, row) => sum + row.kb, 0)
  const byKb = (a: { kb: number }, b: { kb: number }) => b.kb - a.kb

  console.log(`bundle (gzip -9, KB = 1024 bytes), dist built ${statSync(indexHtml).mtime.toISOString()}`)
  console.log('first screen:')
  firstRows.sort(byKb).forEach((row) => console.log(`  ${fmt(row.kb)}  ${row.file}`))
  console.log(`  ${fmt(total)}  TOTAL (budget ${BUDGET_KB} KB, target ${TARGET_KB} KB)`)
  console.log('lazy chunks and service worker:')
  lazyRows.sort(byKb).forEach((row) => console.log(`  ${fmt(row.kb)}  ${row.file}`))
  if (leftovers > 0)
    console.log(`(${leftovers} JS files in dist/ that nothing loads, left from an earlier build)`)

  if (total > BUDGET_KB) {
    console.error(`bundle: first screen ${total.toFixed(1)} KB is over the ${BUDGET_KB} KB budget`)
    return 1
  }
  console.log(`bundle: first screen within budget${total <= TARGET_KB ? ' and target' : ', over the target'}`)
  return 0
}

process.exitCode = main()
