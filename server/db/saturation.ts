// A slow or saturated database answers 503 with Retry-After, never a 500 after a long wait (issue 10): the
// queue for the database is bounded (a request beyond it is refused at once), waiting for a connection and
// each statement are bounded in time (client/pool settings), and the errors that mean "busy, try again" are
// recognised here for the error handler.
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { AppError } from '../lib/errors'

export const RETRY_AFTER_SECONDS = 1
const BUSY = 'The service is busy. Please retry in a moment.'

export class DatabaseBusyError extends AppError {
  constructor(detail = 'Too many requests are waiting for the database.') {
    super('database_busy', BUSY, 503, detail)
  }
}

// SQLSTATEs of a database that is overloaded or briefly unavailable, not of a wrong request.
const TRANSIENT = new Map([
  ['57014', 'A database statement took too long.'], // query_canceled: statement_timeout
  ['55P03', 'A database lock was not available in time.'],
  ['40P01', 'Two writes waited for each other.'], // deadlock_detected: one of them is cancelled
  ['40001', 'Two writes conflicted.'],
  ['53300', 'The database has no free connection.'],
  ['57P01', 'The database is restarting.'],
  ['57P03', 'The database is starting.'],
])
const POOL_TIMEOUT = 'timeout exceeded when trying to connect'
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])

/** The busy answer for an error (or its causes, as drivers and Drizzle wrap them), if it is one. */
export function asDatabaseBusy(error: unknown): AppError | undefined {
  for (
    let e = error as { cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e instanceof DatabaseBusyError) return e
    const { code, message } = e as { code?: string; message?: string }
    const transient = code === undefined ? undefined : TRANSIENT.get(code)
    if (transient) return new DatabaseBusyError(transient)
    if (message === POOL_TIMEOUT) return new DatabaseBusyError('No database connection became free in time.')
    if (code !== undefined && UNREACHABLE.has(code))
      return new DatabaseBusyError('The database cannot be reached.')
  }
  return undefined
}

/** Refuses a connection request at once when `maxWaiting` requests already wait for one. */
export function boundPoolQueue(pool: pg.Pool, maxWaiting: number): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown
  pool.connect = ((callback?: (error: Error) => void) => {
    // pg-pool queues a request even when an idle client will take it on the next tick: those do not wait.
    if (pool.waitingCount - pool.idleCount < maxWaiting) return connect(callback)
    const error = new DatabaseBusyError()
    if (!callback) return Promise.reject(error)
    process.nextTick(callback, error)
    return undefined
  }) as typeof pool.connect
}

/**
 * PGlite runs one statement at a time and queues the rest: refuses a query or transaction at once when
 * `maxInFlight` are queued or running. (Its queue cannot be left early: a write given up on would still commit.)
 */
export function boundPgliteQueue(client: PGlite, maxInFlight: number): void {
  let inFlight = 0
  const gate = async <T>(run: () => Promise<T>): Promise<T> => {
    if (inFlight >= maxInFlight) throw new DatabaseBusyError()
    inFlight++
    try {
      return await run()
    } finally {
      inFlight--
    }
  }
  const query = client.query.bind(client)
  const transaction = client.transaction.bind(client)
  client.query = ((...args: Parameters<typeof query>) => gate(() => query(...args))) as typeof client.query
  client.transaction = ((run: Parameters<typeof transaction>[0]) =>
    gate(() => transaction(run))) as typeof client.transaction
}
