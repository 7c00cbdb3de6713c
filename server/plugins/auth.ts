// Bearer authentication. Every request gets `request.user` (null when anonymous). Routes opt in with
//   { preHandler: app.requireUser }   → 401 unless signed in
//   { preHandler: app.requireAdmin }  → 401 unless signed in, 403 unless admin
// and read the user with `signedInUser(request)` (typed, never null after requireUser).
// Admin = wallet listed in ADMIN_WALLETS, or users.role = 'admin' when the token was issued.
// A token whose session was ended (logout, refresh reuse) is refused like an invalid one.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Config } from '../config'
import type { AccessTokens } from '../lib/access-tokens'
import { type AppError, forbidden, unauthorized } from '../lib/errors'
import type { SessionRevocations } from '../modules/users/session-revocations'

export interface AuthUser {
  id: number
  walletAddress: string
  isAdmin: boolean
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
}

export function registerAuth(
  app: FastifyInstance,
  config: Pick<Config, 'adminWallets'>,
  tokens: AccessTokens,
  sessions: Pick<SessionRevocations, 'isRevoked'>,
) {
  app.decorateRequest('user', null)
  app.decorateRequest('authError', null)

  async function authenticate(request: FastifyRequest, header: string) {
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1]) {
      request.authError = unauthorized('invalid_token', 'Invalid authorization header.')
      return
    }
    try {
      const claims = await tokens.verify(match[1])
      // Tokens issued before sessions were named (no `sid`) expire within 15 minutes of the upgrade.
      if (claims.sessionId && (await sessions.isRevoked(claims.sessionId))) {
        request.authError = unauthorized('session_ended', 'This session has ended. Please sign in again.')
        return
      }
      const isAdmin = claims.role === 'admin' || config.adminWallets.has(claims.walletAddress)
      request.user = { id: claims.userId, walletAddress: claims.walletAddress, isAdmin }
    } catch (error) {
      request.authError = error as AppError
    }
  }

  // Callback style: an anonymous request (every cached public read) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization
    if (!header) done()
    else authenticate(request, header).then(() => done(), done)
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
