// The read cache's peers on PostgreSQL (read-cache.ts ReadCachePeers): LISTEN/NOTIFY on a connection of this
// instance's own. An instance that committed a write names its scopes in a notification before it answers, and
// every other instance drops those answers when the notification arrives (within a millisecond or two), so a
// reader sent to another instance right after a write finds it there. The notification is sent after the
// transaction committed, in a statement of its own: sent from inside it, NOTIFY would serialise every writing
// commit of the database on one lock. A notification lost while a connection is down changes nothing the log
// cannot: the other instances still read the change at their next look (READ_CACHE_POLL_MS).
import pg from 'pg'
import type { ReadCachePeers } from './read-cache'

const CHANNEL = 'lifeline_read_changes'
// PostgreSQL refuses a payload of 8,000 bytes or more: so many scopes are sent as "everything".
const MAX_PAYLOAD = 7_000
const RECONNECT_MS = 1_000
const TIMEOUT_MS = 2_000

export function postgresPeers(connection: string | pg.ClientConfig): ReadCachePeers {
  const config = typeof connection === 'string' ? { connectionString: connection } : connection
  let heard: (scopes: string[]) => void = () => undefined
  let client: Promise<pg.Client | undefined> | undefined
  let closed = false

  const connect = async (): Promise<pg.Client | undefined> => {
    // Bounded: a write waits for its announcement, never for long (the log tells the others anyway).
    const fresh = new pg.Client({
      ...config,
      application_name: 'lifeline read cache',
      keepAlive: true,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
    })
    const lost = () => {
      fresh.removeAllListeners()
      fresh.on('error', () => undefined)
      void fresh.end().catch(() => undefined)
      client = undefined
      if (!closed) setTimeout(() => void (client ??= connect()), RECONNECT_MS).unref()
    }
    fresh.on('error', lost)
    fresh.on('end', lost)
    // Not in @types/pg: the server process of this connection, which notifications name as their sender.
    const ownPid = () => (fresh as pg.Client & { processID: number | null }).processID
    fresh.on('notification', (message) => {
      // Its own notifications come back to it too: its cache dropped those scopes before it committed.
      if (message.channel !== CHANNEL || message.processId === ownPid() || !message.payload) return
      heard(message.payload.split(' '))
    })
    try {
      await fresh.connect()
      await fresh.query(`listen ${CHANNEL}`)
      return fresh
    } catch {
      lost()
      return undefined
    }
  }
  const current = () => (client ??= connect())

  return {
    async announce(scopes) {
      const payload = scopes.join(' ')
      const listener = await current()
      await listener
        ?.query('select pg_notify($1, $2)', [CHANNEL, payload.length < MAX_PAYLOAD ? payload : '*'])
        .catch(() => undefined)
    },
    listen(onHeard) {
      heard = onHeard
      void current()
    },
    async close() {
      closed = true
      const listener = await client
      listener?.removeAllListeners()
      listener?.on('error', () => undefined)
      await listener?.end().catch(() => undefined)
    },
  }
}
