// Lighthouse (mobile defaults: simulated Slow 4G, 4× CPU slowdown, 412 × 823 screen) against a running server,
// through Debian's Chromium. Each run starts from a clean browser cache (Lighthouse resets the origin's storage),
// as a first visit does.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/harness/browser'

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

export interface PageFigures {
  performance: number
  accessibility: number
  bestPractices: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  /** What Lighthouse names as the LCP element, and every failed accessibility / best-practice audit. */
  lcpElement: string
  failures: string[]
  benchmarkIndex: number
  /** The page's main-thread tasks after the first paint by their thread CPU time instead of their wall time:
   * Σ max(0, 4 × CPU − 50 ms). What the page's own work blocks, without the time the thread waited for a core
   * (on 2 cores the browser's compositor and Lighthouse's screenshots take one while the page loads). */
  cpuTbtMs: number
  /** CPU time from navigation to the trace's end on the three busiest threads: the page's main thread, Chromium's
   * compositor (Viz: every frame, including the overlay scrollbar's fade) and the browser's main thread (its own
   * window, screenshots, and its answer to the manifest). On 2 cores they share, so the other two set how long
   * the page's tasks wait. */
  pageCpuMs: number
  compositorCpuMs: number
  browserCpuMs: number
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100)

/** Lighthouse's mobile CPU slowdown and its long-task threshold, applied to thread CPU times. */
const CPU_SLOWDOWN = 4
const LONG_TASK_MS = 50

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: { documentLoaderURL?: string } }
}

const navigationOf = (events: TraceEvent[]) =>
  events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith('http'),
  )

const isTask = (event: TraceEvent) =>
  event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask')

const cpuMsOf = (task: TraceEvent) => (task.tdur ?? task.dur ?? 0) / 1000

/** The tasks after navigation on one thread: the page's main thread is navigation's own. */
const tasksOn = (events: TraceEvent[], navigation: TraceEvent, isThread: (event: TraceEvent) => boolean) =>
  events.filter((event) => event.ts >= navigation.ts && isTask(event) && isThread(event))

const onPageThread = (navigation: TraceEvent) => (event: TraceEvent) =>
  event.pid === navigation.pid && event.tid === navigation.tid

function cpuTbtOf(events: TraceEvent[], navigation: TraceEvent, firstPaintMs: number): number {
  if (!Number.isFinite(firstPaintMs)) return Number.NaN
  const from = navigation.ts + firstPaintMs * 1000
  return tasksOn(events, navigation, onPageThread(navigation))
    .filter((task) => task.ts >= from)
    .reduce((sum, task) => sum + Math.max(0, CPU_SLOWDOWN * cpuMsOf(task) - LONG_TASK_MS), 0)
}

/** Each thread's task CPU after navigation: the page's, and two found by the thread's name. */
function threadCpuOf(
  events: TraceEvent[],
  navigation: TraceEvent,
): Pick<PageFigures, 'pageCpuMs' | 'compositorCpuMs' | 'browserCpuMs'> {
  const threadNames = new Map(
    events
      .filter((event) => event.name === 'thread_name')
      .map((event) => [`${event.pid}:${event.tid}`, event.args?.name]),
  )
  const named = (name: string) => (event: TraceEvent) => threadNames.get(`${event.pid}:${event.tid}`) === name
  const cpuOn = (isThread: (event: TraceEvent) => boolean) =>
    tasksOn(events, navigation, isThread).reduce((sum, task) => sum + cpuMsOf(task), 0)
  return {
    pageCpuMs: cpuOn(onPageThread(navigation)),
    compositorCpuMs: cpuOn(named('VizCompositorThread')),
    browserCpuMs: cpuOn(named('CrBrowserMain')),
  }
}

/** What the trace says beyond Lighthouse's audits; NaN when the trace has no navigation to start from. */
function traceFigures(
  events: TraceEvent[],
  firstPaintMs: number,
): Pick<PageFigures, 'cpuTbtMs' | 'pageCpuMs' | 'compositorCpuMs' | 'browserCpuMs'> {
  const navigation = navigationOf(events)
  if (!navigation)
    return {
      cpuTbtMs: Number.NaN,
      pageCpuMs: Number.NaN,
      compositorCpuMs: Number.NaN,
      browserCpuMs: Number.NaN,
    }
  return { cpuTbtMs: cpuTbtOf(events, navigation, firstPaintMs), ...threadCpuOf(events, navigation) }
}

function lcpElementOf(audit: { details?: unknown } | undefined): string {
  const details = audit?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
  const snippet = details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?'
  return snippet.length > 100 ? `${snippet.slice(0, 97)}...` : snippet
}

export interface MeasureOptions {
  /** Block every script: the page as its HTML, CSS and images alone draw it (the floor the browser sets). */
  withoutScripts?: boolean
}

/** Lighthouse's own trace sometimes breaks on a loaded machine (NO_NAVSTART, NO_FCP): such a run measured
 * nothing about the page, so it is run again, at most twice. */
export async function measure(url: string, options: MeasureOptions = {}, attempts = 3): Promise<PageFigures> {
  try {
    return await measureOnce(url, options)
  } catch (error) {
    if (attempts <= 1 || !(error instanceof LighthouseRuntimeError)) throw error
    console.log(`  ${url}: ${error.message}; measuring again`)
    return measure(url, options, attempts - 1)
  }
}

class LighthouseRuntimeError extends Error {}

async function measureOnce(url: string, { withoutScripts = false }: MeasureOptions): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      blockedUrlPatterns: withoutScripts ? ['*.js'] : [],
    })
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const metrics = lhr.audits.metrics?.details as
      { items?: { observedFirstContentfulPaint?: number }[] } | undefined
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace
    const failures = (['accessibility', 'best-practices'] as const).flatMap((category) =>
      lhr.categories[category]!.auditRefs.filter(
        (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1,
      ).map((ref) => `${category}: ${ref.id}`),
    )
    return {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']),
      failures,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      ...traceFigures(
        trace?.traceEvents ?? [],
        metrics?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN,
      ),
    }
  } finally {
    chrome.kill()
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** Each figure's median over the runs (the run in the middle for that figure, as a reader of 3 runs would take). */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const pick = (key: keyof PageFigures) => median(runs.map((run) => run[key] as number))
  const middle = runs.find((run) => run.performance === pick('performance')) ?? runs[0]!
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    fcpMs: pick('fcpMs'),
    lcpElement: middle.lcpElement,
    failures: [...new Set(runs.flatMap((run) => run.failures))],
    benchmarkIndex: pick('benchmarkIndex'),
    cpuTbtMs: pick('cpuTbtMs'),
    pageCpuMs: pick('pageCpuMs'),
    compositorCpuMs: pick('compositorCpuMs'),
    browserCpuMs: pick('browserCpuMs'),
  }
}
