// Lighthouse mobile on the public pages with real data: performance ≥ 95, accessibility and best
// practices 100, LCP ≤ 1.8 s, TBT ≤ 100 ms, CLS ≤ 0.05; the median of 3 runs per page.
//   node --import tsx bench/lighthouse.bench.ts [--quick]
// It starts `npm start`'s server on a fresh data directory (the PWA must be built: `npm run bench` builds it),
// seeds emergencies with photo-sized proof images, boosts and donations through the API and the local ledger,
// then measures /, /explore, /public and /donate/{id}. Each run is paired with one of the same page with its
// scripts blocked: the TBT of the HTML, CSS and images alone, the part of the figure the browser itself sets on this
// machine (its software compositor, image decoding, Lighthouse's screenshots), which no change to our JavaScript
// can lower. Beside it, the page's own blocking time: its tasks after the first paint by the CPU they used, which
// leaves out the time the page's thread waited for a core (web/lighthouse-runs.ts, `cpuTbtMs`).
// --quick: one run per page and a smaller world (CI-sized; the goals still print, but do not fail the run).
import os from 'node:os'
import { startServer } from '../tests/e2e/harness/server'
import { measure, medianFigures, type PageFigures } from './web/lighthouse-runs'
import { measureRoutes } from './web/route-bundles'
import { seedWorld } from './web/seed-world'

const quick = process.argv.includes('--quick')
const RUNS = quick ? 1 : 3

interface Goal {
  label: string
  value: (figures: PageFigures) => number
  met: (value: number) => boolean
  goal: string
  format: (value: number) => string
}

const GOALS: Goal[] = [
  { label: 'perf', value: (f) => f.performance, met: (v) => v >= 95, goal: '≥ 95', format: String },
  { label: 'a11y', value: (f) => f.accessibility, met: (v) => v === 100, goal: '100', format: String },
  { label: 'best pr.', value: (f) => f.bestPractices, met: (v) => v === 100, goal: '100', format: String },
  {
    label: 'LCP',
    value: (f) => f.lcpMs,
    met: (v) => v <= 1800,
    goal: '≤ 1800 ms',
    format: (v) => `${Math.round(v)} ms`,
  },
  {
    label: 'TBT',
    value: (f) => f.tbtMs,
    met: (v) => v <= 100,
    goal: '≤ 100 ms',
    format: (v) => `${Math.round(v)} ms`,
  },
  { label: 'CLS', value: (f) => f.cls, met: (v) => v <= 0.05, goal: '≤ 0.05', format: (v) => v.toFixed(3) },
]

async function main(): Promise<number> {
  const server = await startServer()
  try {
    const started = Date.now()
    const world = await seedWorld(server.url, { quick })
    console.log(
      `lighthouse ${quick ? '(quick, 1 run per page)' : `(median of ${RUNS} runs per page)`}, mobile defaults, ` +
        `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; seeded ${world.emergencies} ` +
        `emergencies (3 photos each), ${world.donations} donations in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
    const pages = ['/', '/explore', '/public', `/donate/${world.donateId}`]
    let allMet = true

    // JS per route on the wire, first visit, as Chromium fetched it (Content-Encoding included).
    const FIRST_SCREEN_KB = 100
    console.log(`JS on the wire per route, first visit (goal: first screen ≤ ${FIRST_SCREEN_KB} KB)`)
    for (const route of await measureRoutes(server.url, [...pages, '/featured', '/login'])) {
      const kb = route.wireBytes / 1024
      const met = kb <= FIRST_SCREEN_KB
      if (pages.includes(route.path)) allMet &&= met
      const later = `${((route.laterBytes + route.prefetchBytes) / 1024).toFixed(1)} KB`
      console.log(
        `  ${route.path.padEnd(12)} first screen ${`${kb.toFixed(1)} KB`.padStart(9)} in ${String(route.files).padStart(2)} files ` +
          `${met ? 'ok    ' : 'MISSED'} then in idle time ${later.padStart(8)} (prefetch of the next page ` +
          `${(route.prefetchBytes / 1024).toFixed(1)} KB; ${route.later.join(', ') || 'nothing else'}); ` +
          `largest ${route.largest.file} ${(route.largest.bytes / 1024).toFixed(1)} KB; ${route.encodings.join(', ')}`,
      )
    }

    const header = ['page'.padEnd(12), ...GOALS.map((g) => `${g.label} (${g.goal})`.padEnd(22))].join('')
    const rows: string[] = []
    const notes: string[] = []
    for (const path of pages) {
      const runs: PageFigures[] = []
      const floors: PageFigures[] = []
      for (let run = 0; run < RUNS; run++) {
        runs.push(await measure(`${server.url}${path}`))
        floors.push(await measure(`${server.url}${path}`, { withoutScripts: true }))
      }
      const figures = medianFigures(runs)
      const floor = medianFigures(floors)
      const cells = GOALS.map((goal) => {
        const value = goal.value(figures)
        const met = goal.met(value)
        allMet &&= met
        return `${goal.format(value)} ${met ? 'ok' : 'MISSED'}`.padEnd(22)
      })
      rows.push([path.padEnd(12), ...cells].join(''))
      notes.push(
        `${path}: FCP ${Math.round(figures.fcpMs)} ms, without scripts TBT ${Math.round(floor.tbtMs)} ms ` +
          `(perf ${floor.performance}), the page's own blocking time by thread CPU ${Math.round(figures.cpuTbtMs)} ms ` +
          `(without scripts ${Math.round(floor.cpuTbtMs)} ms), thread CPU per load: the page ${Math.round(figures.pageCpuMs)} ms, ` +
          `the compositor ${Math.round(figures.compositorCpuMs)} ms, the browser ${Math.round(figures.browserCpuMs)} ms, LCP element ${figures.lcpElement}, benchmarkIndex ` +
          `${Math.round(figures.benchmarkIndex)}${figures.failures.length ? `; failed: ${figures.failures.join(', ')}` : ''}`,
      )
    }
    console.log(header)
    rows.forEach((row) => console.log(row))
    notes.forEach((note) => console.log(`  ${note}`))
    console.log(`lighthouse: ${allMet ? 'every goal met' : 'some goals missed'}`)
    return allMet || quick ? 0 : 1
  } finally {
    await server.stop()
  }
}

process.exitCode = await main()
