// The engines the API bench runs on, at which scale, and the public reads it loads on each, with their goals.
import type { Scale, Seeded } from '../../tests/helpers/scale-seed'

export interface Engine {
  name: 'pglite' | 'postgres'
  scale: Scale
  /** p99 goal for every public read, and for searches */
  goal: { read: number; search: number }
}

export function enginesAt(quick: boolean): Engine[] {
  return [
    {
      name: 'pglite',
      scale: quick
        ? { emergencies: 1_000, donations: 10_000, users: 1_000 }
        : { emergencies: 10_000, donations: 100_000, users: 5_000 },
      goal: { read: 150, search: 150 },
    },
    {
      name: 'postgres',
      scale: quick
        ? { emergencies: 10_000, donations: 100_000, users: 5_000 }
        : { emergencies: 100_000, donations: 1_000_000, users: 20_000 },
      goal: { read: 50, search: 100 },
    },
  ]
}

export interface Route {
  name: string
  paths: string[]
  /** what the warm-up asks, when it must not be `paths` */
  warmupPaths?: string[]
  goal: number
  /** the share of the bare Fastify rate this route must reach */
  ratioGoal?: number
}

/** The warm-up asks the last 30% of the paths, the measurement the rest: none is asked twice. */
function splitForWarmup(paths: string[]): Pick<Route, 'paths' | 'warmupPaths'> {
  const cut = Math.floor(paths.length * 0.7)
  return { paths: paths.slice(0, cut), warmupPaths: paths.slice(cut) }
}

/** Feed pages of 11 (a size no other row asks for); 7919 is prime to each count, so i → page visits each once. */
const missPages = (donations: number) => Math.floor(donations / 11)

/** Explore list pages no other row asks for (sizes 11 to 29), each once, scattered over the depths. */
function listMissPaths(visible: number): string[] {
  const paths: string[] = []
  for (let size = 11; size < 30; size++)
    for (let page = 1; page <= Math.floor(visible / size); page++)
      paths.push(`/api/emergency/list/?page=${page}&page_size=${size}`)
  return paths.map((_, i) => paths[(i * 7919) % paths.length]!)
}

/** What the donation stream's reader asks while donations arrive (the stream's emergency is made at run time). */
export const STREAM_ROWS = [
  'reads of the emergency being donated to, the feed and the list, while donations are recorded',
  'emergency/detail/{id}/ (500 other ids) while donations are recorded',
]

export function routes(engine: Engine, seeded: Seeded): Route[] {
  const { emergencies, donations } = engine.scale
  const { read, search } = engine.goal
  const ids = seeded.sampleIds
  // Deep pages: the middle of the list, as far from both ends as a reader can get.
  const listDeep = Math.floor(emergencies / 2 / 10)
  const feedDeep = Math.floor(donations / 2 / 12)
  const viralDeep = Math.floor(donations / 100 / 2 / 10)
  return [
    { name: '/api/config/', paths: ['/api/config/'], goal: read, ratioGoal: 0.5 },
    {
      name: 'emergency/detail/{id}/ (500 ids)',
      paths: ids.map((id) => `/api/emergency/detail/${id}/`),
      goal: read,
    },
    { name: 'emergency/featured/', paths: ['/api/emergency/featured/'], goal: read },
    {
      name: 'emergency/{id}/donations/ (500 ids, ~10 each)',
      paths: ids.map((id) => `/api/emergency/${id}/donations/`),
      goal: read,
    },
    {
      name: `emergency/{id}/donations/ viral (${donations / 100} donations)`,
      paths: [`/api/emergency/${seeded.viralId}/donations/`],
      goal: read,
    },
    {
      name: `emergency/{id}/donations/?page=${viralDeep} viral`,
      paths: [`/api/emergency/${seeded.viralId}/donations/?page=${viralDeep}`],
      goal: read,
    },
    { name: 'emergency/list/?page=1', paths: ['/api/emergency/list/?page=1'], goal: read, ratioGoal: 0.25 },
    {
      name: `emergency/list/?page=${listDeep}`,
      paths: [`/api/emergency/list/?page=${listDeep}`],
      goal: read,
    },
    { name: 'emergency/list/?search=flood', paths: ['/api/emergency/list/?search=flood'], goal: search },
    { name: 'emergency/public-donations/', paths: ['/api/emergency/public-donations/'], goal: read },
    {
      name: `emergency/public-donations/?page=${feedDeep}`,
      paths: [`/api/emergency/public-donations/?page=${feedDeep}`],
      goal: read,
    },
    {
      // Every answer above may come from the read cache; these never do (each page is asked once): the cost of
      // a read that reaches the database, at any depth.
      name: `emergency/public-donations/?page=k&page_size=11, ${missPages(donations)} pages once each (no cache hits)`,
      ...splitForWarmup(
        Array.from(
          { length: missPages(donations) },
          (_, i) =>
            `/api/emergency/public-donations/?page=${1 + ((i * 7919) % missPages(donations))}&page_size=11`,
        ),
      ),
      goal: read,
    },
    {
      name: `emergency/detail/{id}/, ${seeded.otherIds.length} ids once each (no cache hits)`,
      ...splitForWarmup(seeded.otherIds.map((id) => `/api/emergency/detail/${id}/`)),
      goal: read,
    },
    {
      name: `emergency/{id}/donations/, ${seeded.otherIds.length} ids once each (no cache hits)`,
      ...splitForWarmup(seeded.otherIds.map((id) => `/api/emergency/${id}/donations/`)),
      goal: read,
    },
    {
      name: `emergency/list/?page=k&page_size=11..29, pages once each (no cache hits)`,
      ...splitForWarmup(listMissPaths(seeded.sampleIds.length + seeded.otherIds.length)),
      goal: read,
    },
    {
      name: 'emergency/public-donations/?search=flood',
      paths: ['/api/emergency/public-donations/?search=flood'],
      goal: search,
    },
    { name: 'airdrop/campaigns/', paths: ['/api/airdrop/campaigns/'], goal: read },
  ]
}

/** The rows measured while a stream of donations to `emergencyId` is recorded: each donation drops the answers
 * that read it (the emergency, its donations, the feed, the lists), and keeps every other emergency's. */
export function streamRoutes(engine: Engine, seeded: Seeded, emergencyId: number): Route[] {
  const [hot, others] = STREAM_ROWS as [string, string]
  return [
    {
      name: hot,
      paths: [
        `/api/emergency/detail/${emergencyId}/`,
        `/api/emergency/${emergencyId}/donations/`,
        '/api/emergency/public-donations/',
        '/api/emergency/list/?page=1',
      ],
      goal: engine.goal.read,
    },
    {
      name: others,
      paths: seeded.sampleIds.map((id) => `/api/emergency/detail/${id}/`),
      goal: engine.goal.read,
    },
  ]
}
