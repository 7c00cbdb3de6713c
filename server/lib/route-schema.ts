// Pieces the routes files share: the error responses and the rate limits.
import { Type } from 'typebox'
import type { RateLimit } from '../config'

/** `{ [status]: Ref('ErrorBody') }` for each status, spread into a route's `response`. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorBody')]))

/** Uploads of images and documents per client IP (each is decoded and re-encoded). */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 }

/** A route's `config` for a rate limit set in the configuration (sign-in, wallet relay). */
export const limited = ({ max, windowMs }: RateLimit) => ({ rateLimit: { max, timeWindow: windowMs } })
