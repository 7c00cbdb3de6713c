// Access tokens: short-lived JWTs, HS256 only (the algorithm is pinned on verification: no `none`, no RS/HS
// confusion), issuer and audience checked. @see https://www.rfc-editor.org/rfc/rfc8725
import { SignJWT, errors, jwtVerify } from 'jose'
import type { Config } from '../config'
import type { Clock } from './clock'
import { unauthorized } from './errors'

export const ACCESS_TOKEN_SECONDS = 15 * 60
const ALGORITHM = 'HS256'
const AUDIENCE = 'lifeline-api'

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
}

export function accessTokens(config: Pick<Config, 'jwtSecret' | 'publicUrl'>, clock: Clock): AccessTokens {
  const issuer = config.publicUrl
  return {
    async issue({ userId, walletAddress, role, sessionId }) {
      const now = Math.floor(clock().getTime() / 1000)
      return new SignJWT({ wallet: walletAddress, role, ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
        .sign(config.jwtSecret)
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, config.jwtSecret, {
          algorithms: [ALGORITHM],
          issuer,
          audience: AUDIENCE,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'iat'],
        })
        const userId = Number(payload.sub)
        if (!Number.isSafeInteger(userId) || typeof payload.wallet !== 'string')
          throw new errors.JWTInvalid('claims')
        const role = payload.role === 'admin' ? 'admin' : 'user'
        const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined
        return { userId, walletAddress: payload.wallet, role, sessionId }
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('token_expired', 'Token has expired.')
        throw unauthorized('invalid_token', 'Invalid token.')
      }
    },
  }
}
