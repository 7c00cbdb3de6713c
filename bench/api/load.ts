// One load run with autocannon: N connections for D seconds against one route (or a rotating set of paths),
// reduced to the figures the tables print.
import { createRequire } from 'node:module'

const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; max: number }
  errors: number
  non2xx: number
  statusCodeStats?: Record<string, { count: number }>
}

export interface LoadOptions {
  connections: number
  /** how long to load, or */
  seconds?: number
  /** how many requests to make (each path once: `paths.length`) */
  requests?: number
}

export interface LoadFigures {
  rps: number
  p50: number
  p99: number
  max: number
  /** connection errors, timeouts and non-2xx answers, with the status codes seen */
  failures: number
  statuses: string
}

// What a browser sends: compressed answers are accepted.
const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' }

/** Load `paths` (used in turn, one per request) on `baseUrl` (several: the connections spread over them in turn). */
export async function load(
  baseUrl: string | string[],
  paths: string[],
  options: LoadOptions,
): Promise<LoadFigures> {
  let next = 0
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    ...(options.requests === undefined ? { duration: options.seconds } : { amount: options.requests }),
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          path: paths[next++ % paths.length],
        }),
      },
    ],
  })
  const statuses = [
    ...Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => `${code}×${stat.count}`),
    ...(result.errors > 0 ? [`errors×${result.errors}`] : []),
  ].join(' ')
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.errors + result.non2xx,
    statuses,
  }
}
