// The options of a route only a signed-in user (or an admin) may call. The guard, the bearer security the
// OpenAPI document shows and the 401/403 answers all follow from the one access level, so they cannot disagree.
import type { FastifyInstance, FastifySchema } from 'fastify'
import type { Static, TSchema } from 'typebox'
import { signedInUser } from '../plugins/auth'
import { errors, UPLOAD_RATE_LIMIT } from './route-schema'

export type SignedIn = 'user' | 'admin'

type RouteSchema = FastifySchema & { response: object }

/** Answered to a caller without the access: 401 without a valid token, then 403 for a non-admin. */
const DENIED: Record<SignedIn, number[]> = { user: [401], admin: [401, 403] }

const BEARER = [{ bearer: [] }]

/** The schema with more error answers documented. Still typed as the route's own answers (what its handler may
 * send): the added ones come from the guard or the body parser, never from the handler. */
function answering<S extends RouteSchema>(schema: S, statuses: number[]): S {
  return { ...schema, response: { ...schema.response, ...errors(...statuses) } }
}

/** `{ preHandler, schema }` for `app.get(url, signedIn(app, 'admin', schema), handler)`: `schema.response`
 * lists the route's own answers, the 401/403 are added here. */
export function signedIn<S extends RouteSchema>(app: FastifyInstance, access: SignedIn, schema: S) {
  return {
    preHandler: access === 'admin' ? app.requireAdmin : app.requireUser,
    schema: { ...answering(schema, DENIED[access]), security: BEARER },
  }
}

/** A signed-in user's multipart form with files (an image, a document): the upload rate limit, and the 413 (too
 * large) and 415 (not an accepted type) answers of every upload. `schema.description` lists the form's fields. */
export function signedInUpload<S extends RouteSchema>(app: FastifyInstance, schema: S) {
  const form = { ...answering(schema, [413, 415]), consumes: ['multipart/form-data'] }
  return { ...signedIn(app, 'user', form), config: { rateLimit: UPLOAD_RATE_LIMIT } }
}

/** GET `url`: what the signed-in user has of one kind (their profile, their KYC, their totals), loaded by their id. */
export function ownRead<T extends TSchema>(
  app: FastifyInstance,
  route: { url: string; tags: string[]; summary: string; answer: T },
  load: (userId: number) => Promise<Static<T>>,
) {
  const { url, tags, summary, answer } = route
  // The answer is typed by `load`, which the schema then serialises.
  const response: Record<number, TSchema> = { 200: answer }
  app.get(url, signedIn(app, 'user', { tags, summary, response }), async (request) =>
    load(signedInUser(request).id),
  )
}
