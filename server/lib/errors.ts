// Domain code throws AppError; the one error handler (server/plugins/errors.ts) turns it into {error, detail, code}.
import type { ErrorCode } from '../../api-contract/errors'

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly detail: string = message,
  ) {
    super(message)
    this.name = 'AppError'
  }

  /** Fastify and its plugins read `statusCode`. */
  get statusCode(): number {
    return this.status
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AppError(code, message, 400)
export const unauthorized = (code: ErrorCode, message: string) => new AppError(code, message, 401)
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('forbidden', message, 403)
export const notFound = (message = 'Not found') => new AppError('not_found', message, 404)
export const conflict = (code: ErrorCode, message: string) => new AppError(code, message, 409)

/** The error, answered with Retry-After (whole seconds, at least 1): a 429 or 503 that clears by itself. */
export function retryLater<E extends AppError>(
  error: E,
  seconds: number,
): E & { headers: Record<string, string> } {
  return Object.assign(error, { headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) } })
}
