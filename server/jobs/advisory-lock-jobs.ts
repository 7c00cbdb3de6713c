// Jobs on PostgreSQL: each loop runs on the one instance that holds its session-level advisory lock
// (docs/decisions/013-instances.md). The locks live on a connection of their own, outside the pool, so nothing
// else can release them by accident; PostgreSQL releases them when that connection ends, which a process killed
// with SIGKILL does at once (its kernel closes the socket), and a vanished host within the keepalive below. Every
// `retryMs` the instance asks for the names it does not hold (pg_try_advisory_lock never waits) and starts the
// loops it got; the same round is its heartbeat: a connection that fails or stops answering stops every loop
// here before another instance can take it over (it is free for them from then on).
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { safeForLog } from '../plugins/errors'
import { type Jobs, loopRegistry } from './jobs'

export interface AdvisoryLockOptions {
  /** how often names not held are asked for, and the connection checked; default 1000 ms */
  retryMs?: number
}

// The server closes the connection of a host that stopped answering after 10 + 3 × 5 s, releasing its locks.
const KEEPALIVE = '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3'

// Advisory locks are per database: the schema is part of the key, so deployments in two schemas never block each
// other. Two 32-bit halves: ours, and the loop's name in this schema.
const TRY_LOCK = `select pg_try_advisory_lock(hashtext('lifeline'), hashtext(current_schema() || '/' || $1)) as got`

export function advisoryLockJobs(
  connection: string | pg.ClientConfig,
  options: AdvisoryLockOptions = {},
): Jobs {
  const retryMs = options.retryMs ?? 1000
  const config = typeof connection === 'string' ? { connectionString: connection } : connection
  const { loops, add } = loopRegistry()
  const held = new Set<string>()
  let client: pg.Client | undefined
  let log: FastifyBaseLogger | undefined
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> = Promise.resolve()
  let stopped = true

  /** This connection is gone (or may be): its locks are, so no loop may run here on them any longer. */
  const lose = async (lost: pg.Client, error?: unknown) => {
    if (client !== lost) return
    client = undefined
    lost.removeAllListeners('end')
    lost.on('error', () => undefined)
    void lost.end().catch(() => undefined)
    const names = [...held]
    held.clear()
    if (names.length > 0)
      log?.warn({ err: safeForLog(error), loops: names }, 'background loops stopped: lock connection lost')
    await Promise.all(names.map((name) => loops.get(name)!.stop()))
  }

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({
      ...config,
      application_name: 'lifeline background loops',
      keepAlive: true,
      options: [config.options, KEEPALIVE].filter(Boolean).join(' '),
      connectionTimeoutMillis: 5 * retryMs,
      query_timeout: 5 * retryMs,
    })
    fresh.on('error', (error) => void lose(fresh, error))
    fresh.on('end', () => void lose(fresh))
    await fresh.connect()
    return fresh
  }

  async function contend(): Promise<void> {
    client ??= await connect()
    const current = client
    try {
      for (const [name, loop] of loops) {
        if (held.has(name) || stopped) continue
        const { rows } = await current.query<{ got: boolean }>(TRY_LOCK, [name])
        if (!rows[0]?.got || client !== current) continue
        held.add(name)
        log?.info({ loop: name }, 'running background loop on this instance')
        await loop.start()
      }
      // Nothing was asked: the heartbeat.
      if (held.size === loops.size) await current.query('select 1')
    } catch (error) {
      await lose(current, error)
    }
  }

  const schedule = () => {
    timer = setTimeout(() => {
      round = contend()
        .catch((error: unknown) =>
          log?.warn({ err: safeForLog(error) }, 'background loops: database not reached'),
        )
        .finally(() => {
          if (!stopped) schedule()
        })
    }, retryMs)
    timer.unref()
  }

  return {
    runExclusively: add,
    running: () => [...held],
    async start(logger) {
      log = logger
      stopped = false
      round = contend().catch((error: unknown) =>
        log?.warn({ err: safeForLog(error) }, 'background loops: database not reached'),
      )
      await round
      schedule()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await round
      await Promise.all([...held].map((name) => loops.get(name)!.stop()))
      held.clear()
      const last = client
      client = undefined
      last?.removeAllListeners('end')
      await last?.end().catch(() => undefined)
    },
  }
}
