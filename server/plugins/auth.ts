// Bearer authentication. Every request gets `request.user` (null when anonymous). Routes opt in with
//   { preHandler: app.requireUser }   → 401 unless signed in
//   { preHandler: app.requireAdmin }  → 401 unless signed in, 403 unless admin
// and read the user with `signedInUser(request)` (typed, never null after requireUser).
// Admin = wallet listed in ADMIN_WALLETS, or users.role = 'admin' when the token was issued.
// A token whose session was ended (logout, refresh reuse) is refused like an invalid one.
// A route with `config: { downloadable: true }` (a file export a browser downloads by following a link, which
// cannot carry a header) also takes `?download_token=`, a token issued by POST /api/download-links/ for that path.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Config } from '../config'
import type { AccessClaims, AccessTokens } from '../lib/access-tokens'
import { type AppError, forbidden, unauthorized } from '../lib/errors'
import type { SessionRevocations } from '../modules/users/session-revocations'

export interface AuthUser {
  id: number
  walletAddress: string
  isAdmin: boolean
  /** the session the token belongs to (a download link made with it ends with it) */
  sessionId?: string
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
    /** why a presented bearer token was refused; reported only by routes that require a user */
    authError: AppError | null
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler
    requireAdmin: preHandlerAsyncHookHandler
  }
  interface FastifyContextConfig {
    /** GET only: `?download_token=` signs the caller in for this path (a download link) */
    downloadable?: boolean
  }
}

/** The path a download token names: without the query and the optional trailing slash. */
export const downloadPath = (url: string) => url.split('?')[0]!.replace(/(.)\/$/, '$1')

export function registerAuth(
  app: FastifyInstance,
  config: Pick<Config, 'adminWallets'>,
  tokens: AccessTokens,
  sessions: Pick<SessionRevocations, 'isRevoked'>,
) {
  app.decorateRequest('user', null)
  app.decorateRequest('authError', null)

  async function authenticate(request: FastifyRequest, verify: () => Promise<AccessClaims>) {
    try {
      const claims = await verify()
      // Tokens issued before sessions were named (no `sid`) expire within 15 minutes of the upgrade.
      if (claims.sessionId && (await sessions.isRevoked(claims.sessionId))) {
        request.authError = unauthorized('session_ended', 'This session has ended. Please sign in again.')
        return
      }
      const isAdmin = claims.role === 'admin' || config.adminWallets.has(claims.walletAddress)
      request.user = {
        id: claims.userId,
        walletAddress: claims.walletAddress,
        isAdmin,
        sessionId: claims.sessionId,
      }
    } catch (error) {
      request.authError = error as AppError
    }
  }

  function bearer(request: FastifyRequest, header: string) {
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (match?.[1]) return authenticate(request, () => tokens.verify(match[1]!))
    request.authError = unauthorized('invalid_token', 'Invalid authorization header.')
    return Promise.resolve()
  }

  /** A download link's sign-in, on a downloadable route's GET that carries a token; undefined otherwise. */
  function download(request: FastifyRequest) {
    if (request.method !== 'GET' || !request.routeOptions.config.downloadable) return undefined
    const token = (request.query as { download_token?: unknown } | undefined)?.download_token
    if (typeof token !== 'string') return undefined
    return authenticate(request, () => tokens.verifyDownload(token, downloadPath(request.url)))
  }

  // Callback style: an anonymous request (every cached public read) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization
    const signingIn = header ? bearer(request, header) : download(request)
    if (signingIn) signingIn.then(() => done(), done)
    else done()
  })

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    signedInUser(request)
  }
  const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
    if (!signedInUser(request).isAdmin) throw forbidden()
  }
  app.decorate('requireUser', requireUser)
  app.decorate('requireAdmin', requireAdmin)
}

/** The signed-in user; throws 401 (with the token's problem when one was presented) otherwise. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (request.user) return request.user
  throw (
    request.authError ??
    unauthorized('authentication_required', 'Authentication credentials were not provided.')
  )
}
