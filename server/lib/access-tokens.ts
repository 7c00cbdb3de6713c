// Access tokens: short-lived JWTs, HS256 only (the algorithm is pinned on verification: no `none`, no RS/HS
// confusion), issuer and audience checked. @see https://www.rfc-editor.org/rfc/rfc8725
import { type JWTPayload, SignJWT, errors, jwtVerify } from 'jose'
import type { Config } from '../config'
import type { Clock } from './clock'
import { unauthorized } from './errors'

export const ACCESS_TOKEN_SECONDS = 15 * 60
/** A download link's life: long enough to start the download it was made for. */
export const DOWNLOAD_TOKEN_SECONDS = 60
const ALGORITHM = 'HS256'
const AUDIENCE = 'lifeline-api'
/** Download tokens are good for one path's GET only (server/plugins/auth.ts), never as a bearer. */
const DOWNLOAD_AUDIENCE = 'lifeline-download'

export interface AccessClaims {
  userId: number
  walletAddress: string
  role: 'user' | 'admin'
  /** the session (refresh-token family) the token was issued for: a logout ends it within seconds */
  sessionId?: string
}

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>
  /** Throws AppError 401 (`token_expired` or `invalid_token`). */
  verify(token: string): Promise<AccessClaims>
  /** A token that stands for `claims` on GET `path` alone, for DOWNLOAD_TOKEN_SECONDS (a file download's link). */
  issueDownload(claims: AccessClaims, path: string): Promise<{ token: string; expiresAt: Date }>
  /** The claims of a download token issued for `path`; throws AppError 401 like {@link verify}. */
  verifyDownload(token: string, path: string): Promise<AccessClaims>
}

/** Tokens remembered as verified at most; past it, all are forgotten at once (the next use verifies again). */
const MAX_REMEMBERED = 10_000

export function accessTokens(config: Pick<Config, 'jwtSecret' | 'publicUrl'>, clock: Clock): AccessTokens {
  const issuer = config.publicUrl
  const nowSeconds = () => Math.floor(clock().getTime() / 1000)

  /** Signed at `now` (seconds), good until `expiresAt` (seconds) for `audience`. */
  function sign(
    claims: AccessClaims,
    audience: string,
    now: number,
    expiresAt: number,
    extra: JWTPayload = {},
  ) {
    const { userId, walletAddress, role, sessionId } = claims
    return new SignJWT({ ...extra, wallet: walletAddress, role, ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(expiresAt)
      .sign(config.jwtSecret)
  }

  /** The token's claims and payload when it is ours, for `audience` and current; throws AppError 401 otherwise. */
  async function check(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, config.jwtSecret, {
        algorithms: [ALGORITHM],
        issuer,
        audience,
        currentDate: clock(),
        requiredClaims: ['sub', 'exp', 'iat'],
      })
      const userId = Number(payload.sub)
      if (!Number.isSafeInteger(userId) || typeof payload.wallet !== 'string')
        throw new errors.JWTInvalid('claims')
      const role = payload.role === 'admin' ? 'admin' : 'user'
      const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined
      const claims: AccessClaims = { userId, walletAddress: payload.wallet, role, sessionId }
      return { claims, payload }
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('token_expired', 'Token has expired.')
      throw unauthorized('invalid_token', 'Invalid token.')
    }
  }

  // A signed-in client sends the same token with every request for its 15 minutes. jose verifies through Web
  // Crypto, two hops through libuv's thread pool whose answers wait for turns of the event loop: on a busy server
  // (PGlite runs on that thread) that was most of a donation's time (docs/performance.md, 'Donation
  // recording'). A token verified once is remembered by its whole text, signature included, until it expires:
  // only that exact token is let in without the check, and never past its `exp` or before its `nbf`.
  const verified = new Map<string, { claims: AccessClaims; notBefore: number; expiresAt: number }>()
  return {
    issue: (claims) => {
      const now = nowSeconds()
      return sign(claims, AUDIENCE, now, now + ACCESS_TOKEN_SECONDS)
    },
    async verify(token) {
      const now = nowSeconds()
      const known = verified.get(token)
      if (known && known.notBefore <= now) {
        if (known.expiresAt > now) return known.claims
        verified.delete(token)
      }
      const { claims, payload } = await check(token, AUDIENCE)
      if (verified.size >= MAX_REMEMBERED) verified.clear()
      verified.set(token, { claims, notBefore: payload.nbf ?? 0, expiresAt: payload.exp! })
      return claims
    },
    async issueDownload(claims, path) {
      const now = nowSeconds()
      const expiresAt = now + DOWNLOAD_TOKEN_SECONDS
      const token = await sign(claims, DOWNLOAD_AUDIENCE, now, expiresAt, { path })
      return { token, expiresAt: new Date(expiresAt * 1000) }
    },
    async verifyDownload(token, path) {
      const { claims, payload } = await check(token, DOWNLOAD_AUDIENCE)
      if (payload.path !== path) throw unauthorized('invalid_token', 'Invalid token.')
      return claims
    },
  }
}
