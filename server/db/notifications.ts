// Hearing the database's NOTIFY messages: on PGlite its own listen(); on PostgreSQL one dedicated connection per
// channel and process, outside the pool (a pooled connection is handed to other work between queries and would
// drop its LISTEN), restored when it is lost. Migrations name channels with live_channel(topic): the topic and the
// schema, so that databases shared by schema (test files, staging beside production) keep their messages apart.
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Db } from './client'

export interface Heard {
  /** a payload NOTIFY sent on the channel, delivered once its transaction committed, in commit order */
  message(payload: string): void
  /** the connection was lost: messages sent from now until gap() are not heard */
  lost(): void
  /** the connection is listening again after a loss */
  gap(): void
}

export interface Listening {
  close(): Promise<void>
}

export interface Notifications {
  /** Listens on the channel `live_channel(topic)` names; resolves once listening. */
  listen(topic: string, heard: Heard): Promise<Listening>
}

/** How a lost listening connection is looked for and restored. */
export interface ListenTiming {
  /** a query on the idle connection this often proves it alive (a dead peer may send nothing for minutes) */
  checkMs: number
  /** the first retry after a loss; each failure doubles it, up to `maxRetryMs` */
  retryMs: number
  maxRetryMs: number
}

const TIMING: ListenTiming = { checkMs: 30_000, retryMs: 500, maxRetryMs: 15_000 }

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>

/**
 * The channel's name in the schema the connection works in (live_channel() in SQL). The connection is named after
 * it, so that operators (pg_stat_activity) see which connection listens, and to what.
 */
async function channelOf(topic: string, query: Query) {
  const { rows } = await query(
    `select live_channel($1) as channel,
      set_config('application_name', 'lifeline listening on ' || live_channel($1), false)`,
    [topic],
  )
  return (rows[0] as { channel: string }).channel
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

function pgliteNotifications(client: PGlite): Notifications {
  return {
    async listen(topic, heard) {
      const channel = await channelOf(topic, (text, params) => client.query(text, params))
      const stop = await client.listen(quoted(channel), heard.message)
      return { close: () => stop() }
    },
  }
}

/** One listening connection: connects, listens, proves itself alive, and is replaced when it fails. */
function pgListener(options: pg.ClientConfig, topic: string, heard: Heard, timing: ListenTiming) {
  let client: pg.Client | undefined
  let closed = false
  let retry = timing.retryMs
  let timer: NodeJS.Timeout | undefined

  /** Drops a failed connection (once) and tries again later, each failure waiting longer. */
  const lose = (lost: pg.Client) => {
    if (closed || client !== lost) return
    client = undefined
    heard.lost()
    clearTimeout(timer)
    lost.end().catch(() => undefined)
    timer = setTimeout(() => void connect().then(heard.gap, () => undefined), retry).unref()
    retry = Math.min(retry * 2, timing.maxRetryMs)
  }

  const check = (alive: pg.Client) => {
    timer = setTimeout(() => {
      if (client === alive)
        alive.query('select 1').then(
          () => check(alive),
          () => lose(alive),
        )
    }, timing.checkMs).unref()
  }

  async function connect() {
    const next = new pg.Client(options)
    client = next
    next.on('error', () => lose(next))
    next.on('end', () => lose(next))
    try {
      await next.connect()
      const channel = await channelOf(topic, (text, params) => next.query(text, params))
      next.on('notification', (message) => {
        if (message.channel === channel) heard.message(message.payload ?? '')
      })
      await next.query(`listen ${quoted(channel)}`)
    } catch (error) {
      lose(next)
      throw error
    }
    retry = timing.retryMs
    check(next)
  }

  return {
    start: connect,
    async close() {
      closed = true
      clearTimeout(timer)
      await client?.end().catch(() => undefined)
    },
  }
}

function pgNotifications(pool: pg.Pool, timing: ListenTiming): Notifications {
  const options = (pool as pg.Pool & { options: pg.PoolConfig }).options
  return {
    async listen(topic, heard) {
      const listener = pgListener(
        {
          ...options,
          keepAlive: true,
          // A check that gets no answer (a dead peer) fails here, not never.
          query_timeout: timing.checkMs,
        },
        topic,
        heard,
        timing,
      )
      try {
        await listener.start()
      } catch (error) {
        await listener.close()
        throw error
      }
      return listener
    },
  }
}

/**
 * The notifications of the database `db` was opened on (server/db/client.ts): each listen() opens one connection
 * on PostgreSQL, so a process listens once per topic and fans out in memory.
 */
export function notificationsOf(db: Db, timing: Partial<ListenTiming> = {}): Notifications {
  const client = (db as Db & { $client?: unknown }).$client
  if (client instanceof pg.Pool) return pgNotifications(client, { ...TIMING, ...timing })
  if (client instanceof PGlite) return pgliteNotifications(client)
  return {
    listen: () => Promise.reject(new Error('this database is neither PGlite nor a PostgreSQL pool')),
  }
}
