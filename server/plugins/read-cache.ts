// Serves hot public reads from the read cache (server/lib/read-cache.ts). A route opts in with
//   config: { readCache: 'always' }   every answer (e.g. one emergency)
//   config: { readCache: 'list' }     every page and cursor of a list, searches too (`page=1` is the first page)
// and says, with `changesWithTime`, whether its answers change with time alone (absent: they may, and are kept
// READ_CACHE_TTL_MS; false: only writes change them; a function: the moments they change, e.g. boosts ending),
// and with `readsFrom` what its answers read (server/lib/read-cache.ts readScopes; absent: anything), so that a
// write drops only the answers it changes.
// Only 200 answers to anonymous requests are kept (a signed-in viewer may see more, e.g. their own confirmed
// scam), and any viewer is served them. Concurrent misses of one key wait for one read of the database: the
// newest one under way, unless something it reads was dropped since it began (then they read again, and later
// misses wait for that read). Each is served that answer even when it cannot be kept (a write landed during the
// read, after they asked: they asked concurrently with that write). An entry past its time-to-live is still served
// while one background request reads it again, so a hot answer never makes its readers wait (and queue) for the
// database. A successful write re-reads the database's changes before its answer leaves, so the writer's next read
// shows the write.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CachedAnswer, ReadCache } from '../lib/read-cache'
import { COMPRESS_MIN_BYTES, encodedForm, pickEncoding, varyOnEncoding } from './compression'

declare module 'fastify' {
  interface FastifyContextConfig {
    readCache?: 'always' | 'list'
    /** false, or the ISO times (past ones are ignored) at which an answer changes with time alone */
    changesWithTime?: false | ((answer: never) => (string | null)[])
    /** the scopes an answer reads (readScopes), or how the request's validated params name them */
    readsFrom?: readonly string[] | ((params: never) => readonly string[])
    /**
     * false: the route never writes the database (the local ledger's JSON-RPC), so its answer does not wait for a
     * read of the change log as a write's does.
     */
    writesDatabase?: false
  }
  interface FastifyRequest {
    /** the cache entry this request's answer was stored as (the compression hook keeps its encoded forms) */
    readCacheEntry?: CachedAnswer
  }
}

interface Lead {
  key: string
  generation: number
  /** see ReadCache.set */
  changesAt?: number | 'never'
  /** the answer for the requests waiting on this read; undefined: none may be served (they read again) */
  settle(answer: CachedAnswer | undefined): void
}

/** A read of the database under way for a key, that misses of the key may wait for. */
interface Reading {
  /** the cache's generation when it began */
  generation: number
  /** the arrivals of misses before it began are below this (see `arrivals`) */
  begun: number
  answer: Promise<CachedAnswer | undefined>
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
const leads = new WeakMap<FastifyRequest, Lead>()
/** Marks this process's own background re-reads (a header with a secret only it knows). */
const REFRESH_HEADER = 'x-read-cache-refresh'

/** The cache key, or undefined when this request's answer is not one the route caches. */
function keyOf(request: FastifyRequest): string | undefined {
  const mode = request.routeOptions.config.readCache
  if (!mode || request.method !== 'GET') return undefined
  const [path = '', query = ''] = request.url.split('?', 2)
  const params = new URLSearchParams(query)
  if (mode === 'list' && params.get('page') === '1') params.delete('page')
  params.sort()
  const normalized = path.endsWith('/') ? path : `${path}/`
  return params.size > 0 ? `${normalized}?${params}` : normalized
}

/** The earliest future moment among `times`, or 'never'. */
function nextChange(times: (string | null)[], now: number): number | 'never' {
  let next = Infinity
  for (const time of times) {
    const at = time === null ? NaN : Date.parse(time)
    if (at > now && at < next) next = at
  }
  return next === Infinity ? 'never' : next
}

function scopesOf(request: FastifyRequest): readonly string[] | undefined {
  const readsFrom = request.routeOptions.config.readsFrom
  return typeof readsFrom === 'function' ? readsFrom(request.params as never) : readsFrom
}

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer) {
  reply.header('content-type', 'application/json; charset=utf-8')
  varyOnEncoding(reply)
  const encoding = pickEncoding(request.headers['accept-encoding'])
  if (!encoding || entry.body.length < COMPRESS_MIN_BYTES) return reply.send(entry.body)
  return reply.header('content-encoding', encoding).send(encodedForm(entry, encoding))
}

export function registerReadCache(app: FastifyInstance, cache: ReadCache) {
  const pending = new Map<string, Reading>()
  const refreshing = new Set<string>()
  const secret = randomUUID()
  /** Counts misses and reads as they begin: a read whose `begun` is above a miss's arrival began after it. */
  let arrivals = 0

  /** Reads a stale entry's answer again, once at a time per key, as an anonymous request of this process. */
  function refresh(key: string, url: string) {
    if (refreshing.has(key) || pending.has(key)) return
    refreshing.add(key)
    void app
      .inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: secret } })
      .catch(() => undefined)
      .finally(() => refreshing.delete(key))
  }

  /** This request reads the database for `key`; its followers wait for its answer. */
  function lead(request: FastifyRequest, key: string) {
    let settle!: (answer: CachedAnswer | undefined) => void
    const reading: Reading = {
      generation: cache.generation(),
      begun: ++arrivals,
      answer: new Promise((resolve) => (settle = resolve)),
    }
    pending.set(key, reading)
    leads.set(request, {
      key,
      generation: reading.generation,
      settle: (answer) => {
        if (pending.get(key) === reading) pending.delete(key)
        settle(answer)
      },
    })
  }

  /**
   * A miss (arrived as `arrival`) waits for the read of `key` under way when that read's answer is one for it: it
   * began after the miss arrived (so it sees every write committed before), or it is as current as a kept answer
   * (nothing it reads dropped since it began, no write to it being committed). Else the miss reads the database,
   * and leads the misses after it, when such a read's answer would be current; if not (a write of this instance to
   * what it reads is being committed: anyone may see it once it commits, a read may or may not), it waits for the
   * read under way and shares the next one, which begins after it arrived. One read per key at a time, either way.
   */
  function follow(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    done: () => void,
    arrival: number,
  ) {
    const scopes = scopesOf(request)
    const reading = pending.get(key)
    if (reading && (reading.begun > arrival || cache.current(reading.generation, scopes)))
      return void reading.answer.then((answer) => {
        if (answer) return void sendCached(request, reply, answer)
        follow(request, reply, key, done, arrival) // it ended with no answer to share (an error, a client gone)
      }, done)
    if (!reading || cache.current(cache.generation(), scopes)) {
      lead(request, key)
      return done()
    }
    reading.answer.then(() => follow(request, reply, key, done, arrival), done)
  }

  // The hooks run on every request of every route, so they are callback style: a request the cache has nothing
  // to do with (most of them), or a hit, passes through without a promise per hook.
  app.addHook('onRequest', (request, reply, done) => {
    const key = keyOf(request)
    if (key === undefined) return done()
    if (request.headers[REFRESH_HEADER] === secret) {
      lead(request, key)
      return done()
    }
    const found = cache.lookup(key)
    if (found?.stale) refresh(key, request.url)
    if (found) return void sendCached(request, reply, found.entry)
    follow(request, reply, key, done, ++arrivals)
  })

  // The answer as an object, before it is serialised: when does it change with time alone?
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const lead = leads.get(request)
    const changesWithTime = request.routeOptions.config.changesWithTime
    // Only a 200 is kept (onSend): an error body (a 400 for a bad page) has none of the answer's fields to read.
    if (lead && changesWithTime !== undefined && reply.statusCode === 200)
      lead.changesAt = changesWithTime ? nextChange(changesWithTime(payload as never), cache.now()) : 'never'
    done(null, payload)
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    const lead = leads.get(request)
    if (lead) {
      leads.delete(request)
      const shared = reply.statusCode === 200 && typeof payload === 'string' && !request.headers.authorization
      const scopes = scopesOf(request)
      // Not kept (a write landed during the read), it is still the answer for those who asked before that write.
      const answer = shared
        ? (cache.set(lead.key, payload, lead.generation, lead.changesAt, scopes) ?? {
            body: payload,
            encoded: new Map(),
            expiresAt: 0,
            scopes,
          })
        : undefined
      request.readCacheEntry = answer
      lead.settle(answer)
    }
    const wrote = !SAFE.has(request.method) && request.routeOptions.config.writesDatabase !== false
    if (!wrote || reply.statusCode >= 400) return done(null, payload)
    cache.sync().then(
      () => done(null, payload),
      () => done(null, payload),
    )
  })

  // A request that ends without an answer (client gone) must not leave its followers waiting.
  const release = (request: FastifyRequest) => {
    leads.get(request)?.settle(undefined)
    leads.delete(request)
  }
  app.addHook('onResponse', (request, _reply, done) => {
    release(request)
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    release(request)
    done()
  })
  // Learn the version before the first request; a database not answering yet is looked at again by the poll.
  app.addHook('onReady', () => cache.sync().catch(() => undefined))
  app.addHook('onClose', async () => cache.close())
}
