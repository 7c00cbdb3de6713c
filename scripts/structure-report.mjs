// The house's structure in figures, for keeping it honest over time (docs/architecture.md):
// - import arrows between PWA rooms (src/<dir>, src/features/<feature>): distinct from → to pairs;
// - file circles: groups of files that import each other (value imports; `import type` costs nothing at run time);
// - server module loops: two server/modules/<name> folders that import each other.
//   node scripts/structure-report.mjs [--list]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const list = process.argv.includes('--list')
const VALUE_IMPORT = /^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm
const ANY_IMPORT = /(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g

function sources(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sources(path))
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) out.push(path)
  }
  return out
}

function resolveFile(from, spec) {
  const base = resolve(dirname(from), spec)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((path) => existsSync(path) && statSync(path).isFile())
}

function roomArrows() {
  const src = join(ROOT, 'src')
  const room = (path) => {
    const parts = relative(src, path).split('/')
    if (parts[0] === '..') return null
    if (parts.length === 1) return 'src'
    return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]
  }
  const arrows = new Map()
  for (const file of sources(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(ANY_IMPORT)) {
      const spec = match[1] ?? match[2]
      const from = room(file)
      const to = room(resolve(dirname(file), spec))
      if (!to || to === from || spec.endsWith('.css')) continue
      arrows.set(`${from} → ${to}`, (arrows.get(`${from} → ${to}`) ?? 0) + 1)
    }
  }
  return arrows
}

function fileCircles() {
  const files = ['src', 'server', 'api-contract', 'ledger-sim'].flatMap((dir) => sources(join(ROOT, dir)))
  const graph = new Map()
  for (const file of files) {
    const targets = new Set()
    for (const match of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
      const target = resolveFile(file, match[1])
      if (target) targets.add(target)
    }
    graph.set(file, targets)
  }
  // Tarjan's strongly connected components; a component of more than one file is a circle.
  let next = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const circles = []
  const visit = (file) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file), low.get(target)))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)))
    }
    if (low.get(file) !== index.get(file)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(relative(ROOT, member))
    } while (member !== file)
    if (component.length > 1) circles.push(component)
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}

function moduleLoops() {
  const modules = join(ROOT, 'server/modules')
  const edges = new Set()
  for (const file of sources(modules)) {
    const from = relative(modules, file).split('/')[0]
    for (const match of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
      const to = relative(modules, resolve(dirname(file), match[1])).split('/')[0]
      if (to !== '..' && to !== from) edges.add(`${from} ${to}`)
    }
  }
  return [...edges]
    .map((edge) => edge.split(' '))
    .filter(([a, b]) => a < b && edges.has(`${b} ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
}

const arrows = roomArrows()
const imports = [...arrows.values()].reduce((sum, n) => sum + n, 0)
const featureArrows = [...arrows.keys()].filter((arrow) => /^features\/\S+ → features\//.test(arrow))
console.log(
  `import arrows between src/ rooms: ${arrows.size} (${imports} imports), feature → feature: ${featureArrows.length}`,
)
if (list) for (const [arrow, n] of [...arrows].sort()) console.log(`  ${arrow} ${n}`)
const circles = fileCircles()
console.log(`file circles: ${circles.length}`)
for (const circle of circles) console.log(`  ${circle.join(' ↔ ')}`)
const loops = moduleLoops()
console.log(`server module loops: ${loops.length}`)
for (const loop of loops) console.log(`  ${loop}`)
