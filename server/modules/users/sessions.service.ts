// Token pairs: a short-lived access JWT plus an opaque refresh token, stored hashed, rotated on every use.
// Reusing a rotated refresh token means two parties hold it, so the whole family is revoked.
// @see https://auth0.com/docs/secure/tokens/refresh-tokens/refresh-token-rotation
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { TokenPair } from '../../../api-contract/users'
import type { Db } from '../../db/client'
import type { AccessTokens } from '../../lib/access-tokens'
import type { Clock } from '../../lib/clock'
import { unauthorized } from '../../lib/errors'
import * as repo from './refresh-tokens.repository'

export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000

export interface SessionUser {
  id: number
  walletAddress: string
  role: 'user' | 'admin'
}

export interface SessionsDeps {
  db: Db
  clock: Clock
  tokens: AccessTokens
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const invalid = () =>
  unauthorized('invalid_refresh_token', 'Invalid or expired refresh token. Please sign in again.')

export function sessionsService({ db, clock, tokens }: SessionsDeps) {
  async function addToken(familyId: string, user: SessionUser, now: Date): Promise<TokenPair> {
    const refresh = randomBytes(32).toString('base64url')
    await repo.insertRefreshToken(
      db,
      hash(refresh),
      familyId,
      now,
      new Date(now.getTime() + REFRESH_TOKEN_MS),
    )
    const access = await tokens.issue({ userId: user.id, walletAddress: user.walletAddress, role: user.role })
    return { access, refresh }
  }

  return {
    /** A new session (token family) for a user who just proved wallet ownership. */
    async start(user: SessionUser): Promise<TokenPair> {
      const now = clock()
      const familyId = randomUUID()
      await repo.insertFamily(db, familyId, user.id, now)
      return addToken(familyId, user, now)
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = clock()
      const tokenHash = hash(refreshToken)
      const found = await repo.findRefreshToken(db, tokenHash)
      if (!found || found.familyRevokedAt || found.expiresAt <= now) throw invalid()
      if (!(await repo.markRotated(db, tokenHash, now))) {
        await repo.revokeFamily(db, found.familyId, now)
        throw unauthorized(
          'refresh_token_reused',
          'This session was ended because its refresh token was reused. Please sign in again.',
        )
      }
      return addToken(
        found.familyId,
        { id: found.userId, walletAddress: found.walletAddress, role: found.role },
        now,
      )
    },

    /** Ends the session the token belongs to; unknown tokens are ignored (logout is idempotent). */
    async logout(refreshToken: string): Promise<void> {
      const found = await repo.findRefreshToken(db, hash(refreshToken))
      if (found) await repo.revokeFamily(db, found.familyId, clock())
    },
  }
}

export type SessionsService = ReturnType<typeof sessionsService>
