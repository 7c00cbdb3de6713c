// Every route, whoever adds it:
// - text with control characters or a lone UTF-16 surrogate in the query, path or JSON body is a 400
//   (`invalid_text`), never a database error (multipart fields are checked where they are read,
//   server/lib/multipart.ts);
// - a number the validator let through that is not finite is a 400: Ajv's type coercion turns the query text
//   "Infinity" into Infinity, calls it an integer and skips the maximum for it.
// The hooks run on every request: callback style (no promise per request), and a request with no path
// parameters, query or body (most reads) is not walked at all.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from '../lib/errors'
import { findField, textProblem } from '../lib/text'

const isNonFinite = (value: unknown) => typeof value === 'number' && !Number.isFinite(value)

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0)

const firstField = (request: FastifyRequest, isBad: (value: unknown) => boolean) =>
  findField(request.params, 'path', isBad) ??
  findField(request.query, 'query', isBad) ??
  findField(request.body, 'body', isBad)

const hasInput = (request: FastifyRequest) =>
  !isEmpty(request.params) || !isEmpty(request.query) || request.body !== undefined

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    let problem: string | undefined
    const isBadText = (value: unknown) =>
      typeof value === 'string' && (problem = textProblem(value)) !== undefined
    const field = hasInput(request) ? firstField(request, isBadText) : undefined
    if (field) done(badRequest('invalid_text', `${field} ${problem}.`))
    else done()
  })
  app.addHook('preHandler', (request, _reply, done) => {
    const field = hasInput(request) ? firstField(request, isNonFinite) : undefined
    if (field) done(badRequest('validation_error', `${field} must be a finite number.`))
    else done()
  })
}
