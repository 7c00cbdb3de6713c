// The request log. Fastify's own two lines per request cost more than serving a cached read (issue 10: the config
// route reached 25% of bare Fastify with them, 40% without); an access line for every 200 is the reverse proxy's
// job. At info an operator gets what to act on:
// - a request that failed with a server error (`request errored`; the error handler logs the 5xx it answers);
// - a slow request (`slow request`, warn, at SLOW_REQUEST_MS or more), with its route, status and time;
// - once a minute, while requests arrive, how many were answered, by status class (`requests`, info), so 4xx
//   floods and error rates show without a line each.
// At debug every request's lines are kept. URLs are logged through log-redaction.ts.
import { LogController } from 'fastify'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the answer stays open (server-sent events): its length is not slowness */
    eventStream?: true
  }
}

/** A request slower than this is logged at warn. */
export const SLOW_REQUEST_MS = 1_000
/** How often the count of answered requests is logged (when requests arrive). */
export const SUMMARY_EVERY_MS = 60_000

interface Counts {
  '2xx': number
  '3xx': number
  '4xx': number
  '5xx': number
  slow: number
}

const noCounts = (): Counts => ({ '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, slow: 0 })
const STATUS_CLASS = ['2xx', '2xx', '2xx', '3xx', '4xx', '5xx'] as const

export class RequestLog extends LogController {
  private counts = noCounts()
  private since: number
  private readonly summaryEveryMs: number
  private readonly now: () => number

  constructor(options: { summaryEveryMs?: number; now?: () => number } = {}) {
    super()
    this.summaryEveryMs = options.summaryEveryMs ?? SUMMARY_EVERY_MS
    this.now = options.now ?? Date.now
    this.since = this.now()
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = Math.round(reply.elapsedTime)
    const slow = responseTime >= SLOW_REQUEST_MS && !request.routeOptions.config.eventStream
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored')
    else if (slow) reply.log.warn({ req: request, res: reply, responseTime }, 'slow request')
    else reply.log.debug({ res: reply, responseTime }, 'request completed')
    this.count(reply.statusCode, slow, request.server.log)
  }

  private count(status: number, slow: boolean, log: FastifyBaseLogger) {
    this.counts[STATUS_CLASS[Math.floor(status / 100)] ?? '5xx']++
    if (slow) this.counts.slow++
    const now = this.now()
    if (now - this.since < this.summaryEveryMs) return
    const counts = this.counts
    log.info({ ...counts, seconds: Math.round((now - this.since) / 1000) }, 'requests')
    this.counts = noCounts()
    this.since = now
  }
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
type Level = (typeof LEVELS)[number]
type LogLine = (...args: unknown[]) => void
type Logger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean }

/**
 * Fastify makes a pino child (bound to the request id) for every request, though at info a quick answer logs
 * nothing: this one makes it on the first line the request writes at an enabled level.
 */
class RequestLogger {
  private made: Logger | undefined

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private real(): Logger {
    return (this.made ??= this.parent.child(this.bindings) as Logger)
  }

  private write(level: Level, args: unknown[]) {
    if (this.made || this.parent.isLevelEnabled(level))
      (this.real()[level] as (...line: unknown[]) => void)(...args)
  }

  get level() {
    return (this.made ?? this.parent).level
  }
  set level(level: string) {
    this.real().level = level
  }
  isLevelEnabled(level: string) {
    return (this.made ?? this.parent).isLevelEnabled(level)
  }
  child(bindings: Record<string, unknown>, options?: object) {
    return this.real().child(bindings, options)
  }
  silent() {}

  declare fatal: LogLine
  declare error: LogLine
  declare warn: LogLine
  declare info: LogLine
  declare debug: LogLine
  declare trace: LogLine
  static {
    // One method per level on the prototype (not per request): each writes through the lazily made child.
    for (const level of LEVELS)
      Object.defineProperty(RequestLogger.prototype, level, {
        value(this: RequestLogger, ...args: unknown[]) {
          this.write(level, args)
        },
      })
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, its pino child made only when it writes. */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: { level?: string; serializers?: unknown },
): FastifyBaseLogger {
  // A route with its own level or serializers gets its child at once (none of ours has).
  if (options.level || options.serializers) return parent.child(bindings, options as never)
  return new RequestLogger(parent as Logger, bindings) as unknown as FastifyBaseLogger
}
