// Schema pieces every routes file shares: the error responses and the upload rate limit.
import { Type } from 'typebox'

/** `{ [status]: Ref('ErrorBody') }` for each status, spread into a route's `response`. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorBody')]))

/** Uploads of images and documents per client IP (each is decoded and re-encoded). */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 }
