// The one place errors become HTTP answers: {error, detail, code} with a fitting status; 5xx never leak internals.
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorBody } from '../../api-contract/errors'
import { asDatabaseBusy, RETRY_AFTER_SECONDS } from '../db/saturation'
import { LedgerUnavailable } from '../chain/rpc-client'
import { AppError } from '../lib/errors'

// Errors from Fastify and its plugins (body parser, multipart …) carry a statusCode; the code follows from it.
const CODE_FOR_STATUS: Record<number, string> = {
  401: 'authentication_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
}

export function body(code: string, error: string, detail = error, reason?: string): ErrorBody {
  return reason === undefined ? { error, detail, code } : { error, detail, code, reason }
}

/**
 * Where a 5xx is logged: the request's logger, or the server's when the route keeps its requests out of the log
 * (`logLevel: 'silent'`, the wallet relay): a server error is always logged, naming the route by its pattern (the
 * relay's URLs carry the key to an answer; log-redaction.ts).
 */
function serverErrorLog(request: FastifyRequest): FastifyBaseLogger {
  if (request.log.level !== 'silent') return request.log
  const { method, routeOptions } = request
  return request.server.log.child({ reqId: request.id, method, route: routeOptions.url })
}

function sendAppError(error: AppError, cause: unknown, request: FastifyRequest, reply: FastifyReply) {
  // A database error behind the answer (a saturated pool) is logged like any unexpected one: without its message.
  const logged = cause instanceof AppError ? cause : safeForLog(cause)
  if (error.status >= 500) serverErrorLog(request).warn({ err: logged }, error.message)
  // A 503 is temporary by definition: say when to come back (clients and proxies honour it).
  if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS))
  // Headers the service decided, e.g. Retry-After on a full upload queue (server/storage/work-queue.ts).
  const headers = (error as AppError & { headers?: Record<string, string> }).headers
  if (headers) reply.headers(headers)
  // A finer code some errors carry (a payment the chain does not prove says why: PaymentNotVerifiedError).
  const reason = (error as AppError & { reason?: string }).reason
  return reply.code(error.status).send(body(error.code, error.message, error.detail, reason))
}

const LEDGER_UNAVAILABLE_TEXT = 'The Solana ledger cannot be reached right now. Please try again.'

export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return sendAppError(error, error, request, reply)
  if (error instanceof LedgerUnavailable)
    return sendAppError(
      new AppError(error.code, LEDGER_UNAVAILABLE_TEXT, error.status),
      error,
      request,
      reply,
    )
  if (error.validation) {
    const detail = `${error.validationContext ?? 'request'}${error.validation[0]?.instancePath ?? ''} ${error.validation[0]?.message ?? 'is invalid'}`
    return reply.code(400).send(body('validation_error', 'Invalid request.', detail.trim()))
  }
  const busy = asDatabaseBusy(error)
  if (busy) return sendAppError(busy, error, request, reply)
  const status = error.statusCode ?? 500
  if (status >= 500) {
    serverErrorLog(request).error({ err: safeForLog(error) }, 'request failed')
    return reply
      .code(status)
      .send(body(status === 503 ? 'service_unavailable' : 'internal_error', 'Internal server error'))
  }
  return reply.code(status).send(body(CODE_FOR_STATUS[status] ?? 'bad_request', error.message))
}

/**
 * What an unexpected error may leave in the log: its kind, its codes (e.g. PostgreSQL's SQLSTATE and the table
 * or constraint it names) and where it was thrown, but never its message. Messages carry what the user sent: a
 * failed query's text and parameters (titles, e-mails, the client IP stored with a flag), a parser's input.
 */
export function safeForLog(error: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 3; depth++, current = current.cause) {
    const e = current as Error & { code?: unknown; table?: unknown; constraint?: unknown; routine?: unknown }
    const at = depth === 0 ? out : ((out[`cause${depth}`] = {}) as Record<string, unknown>)
    at.type = e.name
    for (const key of ['code', 'table', 'constraint', 'routine'] as const)
      if (typeof e[key] === 'string' || typeof e[key] === 'number') at[key] = e[key]
    // The stack without its first line, which repeats the message.
    at.stack = e.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n')
  }
  return out
}

/** JSON 404 for anything under /api (and, without a built PWA, everywhere). */
export function notFoundJson(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(body('not_found', 'Not found', `No route for ${request.method} ${request.url.split('?')[0]}`))
}
