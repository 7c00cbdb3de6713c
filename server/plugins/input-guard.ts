// Every route, whoever adds it:
// - text with control characters in the query, path or JSON body is a 400 (`invalid_text`), never a database
//   error (multipart fields are checked where they are read, server/lib/multipart.ts);
// - a number the validator let through that is not finite is a 400: Ajv's type coercion turns the query text
//   "Infinity" into Infinity, calls it an integer and skips the maximum for it.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from '../lib/errors'
import { findField, isControlText } from '../lib/text'

const isNonFinite = (value: unknown) => typeof value === 'number' && !Number.isFinite(value)

const firstField = (request: FastifyRequest, isBad: (value: unknown) => boolean) =>
  findField(request.params, 'path', isBad) ??
  findField(request.query, 'query', isBad) ??
  findField(request.body, 'body', isBad)

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = firstField(request, isControlText)
    if (field) throw badRequest('invalid_text', `${field} must not contain control characters.`)
  })
  app.addHook('preHandler', async (request) => {
    const field = firstField(request, isNonFinite)
    if (field) throw badRequest('validation_error', `${field} must be a finite number.`)
  })
}
