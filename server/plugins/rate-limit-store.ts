// A @fastify/rate-limit store in the database: counters are shared by every instance, and one
// atomic upsert per request counts correctly under concurrency. (The plugin's memory store hands every
// concurrent caller the same mutable counter, so a burst one over the limit refuses the whole burst.) A route may
// ask to be counted in memory per instance instead (CountedPerInstance).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rowsOf } from '../db/client'
import type { Clock } from '../lib/clock'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** What the plugin really passes to `child` (its typings say RouteOptions): the merged limits and the route. */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string }
  /** the route's `config.rateLimit.countedPer` ({@link CountedPerInstance}) */
  countedPer?: 'instance'
}

/**
 * A route's limit counted in this instance's memory instead of the database (route option
 * `config: { rateLimit: { max, timeWindow, countedPer: 'instance' } }`): for a loose limit on a hot write, where a
 * database round trip per request costs more than exactness across instances is worth. With N instances behind a
 * balancer a client may make up to N × max requests per window (at most max on each); one instance is exact.
 */
export interface CountedPerInstance {
  countedPer: 'instance'
}

const PRUNE_EVERY = 500
const PRUNE_OLDER_THAN_MS = 60 * 60 * 1000

/** A store class bound to a database, for `fastify.register(rateLimit, { store: databaseStore(db, clock) })`. */
export function databaseStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  let calls = 0

  async function increment(key: string, windowMs: number) {
    const now = clock().getTime()
    const result = await db.execute(sql`
      insert into rate_limits (key, window_start_ms, count) values (${key}, ${now}, 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start_ms + ${windowMs} <= ${now} then 1 else rate_limits.count + 1 end,
        window_start_ms = case when rate_limits.window_start_ms + ${windowMs} <= ${now} then ${now} else rate_limits.window_start_ms end
      returning count, window_start_ms`)
    const row = rowsOf(result)[0] as { count: number | string; window_start_ms: number | string }
    if (++calls % PRUNE_EVERY === 0) {
      await db.execute(sql`delete from rate_limits where window_start_ms < ${now - PRUNE_OLDER_THAN_MS}`)
    }
    return { current: Number(row.count), ttl: Number(row.window_start_ms) + windowMs - now }
  }

  class InstanceStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, { startMs: number; count: number }>()
    private calls = 0

    // Counted at once, one window object per key and call: a burst is refused exactly beyond the limit.
    incr(key: string, callback: Callback, windowMs: number) {
      const now = clock().getTime()
      let window = this.windows.get(key)
      if (!window || window.startMs + windowMs <= now) {
        window = { startMs: now, count: 0 }
        this.windows.set(key, window)
      }
      window.count++
      const result = { current: window.count, ttl: window.startMs + windowMs - now }
      if (++this.calls % PRUNE_EVERY === 0)
        for (const [old, { startMs }] of this.windows) if (startMs + windowMs <= now) this.windows.delete(old)
      callback(null, result)
    }

    child(): FastifyRateLimitStore {
      return new InstanceStore()
    }
  }

  return class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _params: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: Callback, windowMs: number) {
      increment(`${this.prefix}|${key}`, windowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    }

    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      if ((params as ChildParams).countedPer === 'instance') return new InstanceStore()
      const route = (params as ChildParams).routeInfo
      return new DatabaseStore(params, `${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}`)
    }
  }
}
