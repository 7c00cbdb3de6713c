// Token pairs: a short-lived access JWT plus an opaque refresh token, stored hashed, rotated on every use.
// Reusing a rotated refresh token means two parties hold it, so the whole family is revoked, except within a short
// grace window: two tabs of one browser refreshing at once present the same token, and both get the same new pair.
// Access tokens carry their family (`sid`); a revoked family's access tokens stop working (session-revocations.ts).
// @see https://auth0.com/docs/secure/tokens/refresh-tokens/refresh-token-rotation (reuse interval)
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto'
import type { TokenPair } from '../../../api-contract/users'
import type { Db } from '../../db/client'
import type { AccessTokens } from '../../lib/access-tokens'
import type { Clock } from '../../lib/clock'
import { unauthorized } from '../../lib/errors'
import * as repo from './refresh-tokens.repository'
import type { SessionRevocations } from './session-revocations'

export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000
/** How long a just-rotated refresh token still answers with its successor (concurrent refreshes). */
export const ROTATION_GRACE_MS = 10_000

export interface SessionUser {
  id: number
  walletAddress: string
  role: 'user' | 'admin'
}

export interface SessionsDeps {
  db: Db
  clock: Clock
  tokens: AccessTokens
  revocations: SessionRevocations
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const invalid = () =>
  unauthorized('invalid_refresh_token', 'Invalid or expired refresh token. Please sign in again.')

// The successor is sealed with a key only the holder of the rotated token can derive.
const sealKey = (token: string) => createHash('sha256').update(`lifeline-successor:${token}`).digest()
function seal(token: string, successor: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv)
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}
function unseal(token: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', sealKey(token), raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

export function sessionsService({ db, clock, tokens, revocations }: SessionsDeps) {
  const pair = async (familyId: string, user: SessionUser, refresh: string): Promise<TokenPair> => {
    const access = await tokens.issue({
      userId: user.id,
      walletAddress: user.walletAddress,
      role: user.role,
      sessionId: familyId,
    })
    return { access, refresh }
  }
  const expiryFrom = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_MS)

  return {
    /** A new session (token family) for a user who just proved wallet ownership. */
    async start(user: SessionUser): Promise<TokenPair> {
      const now = clock()
      const familyId = randomUUID()
      const refresh = randomBytes(32).toString('base64url')
      await db.transaction(async (tx) => {
        await repo.insertFamily(tx, familyId, user.id, now)
        await repo.insertRefreshToken(tx, hash(refresh), familyId, now, expiryFrom(now))
      })
      return pair(familyId, user, refresh)
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = clock()
      const tokenHash = hash(refreshToken)
      const found = await repo.findRefreshToken(db, tokenHash)
      if (!found || found.familyRevokedAt || found.expiresAt <= now) throw invalid()
      const user = { id: found.userId, walletAddress: found.walletAddress, role: found.role }
      const next = randomBytes(32).toString('base64url')
      // Rotation and the successor's row commit together: a concurrent refresh waiting on the row lock then sees
      // a successor that already exists.
      const rotated = await db.transaction(async (tx) => {
        if (!(await repo.markRotated(tx, tokenHash, now, seal(refreshToken, next)))) return false
        await repo.insertRefreshToken(tx, hash(next), found.familyId, now, expiryFrom(now))
        return true
      })
      if (rotated) return pair(found.familyId, user, next)

      const again = await repo.findRefreshToken(db, tokenHash)
      const withinGrace =
        again?.rotatedAt &&
        again.successorSealed &&
        !again.familyRevokedAt &&
        now.getTime() - again.rotatedAt.getTime() <= ROTATION_GRACE_MS
      if (withinGrace) return pair(found.familyId, user, unseal(refreshToken, again.successorSealed!))
      await repo.revokeFamily(db, found.familyId, now)
      revocations.ended(found.familyId)
      throw unauthorized(
        'refresh_token_reused',
        'This session was ended because its refresh token was reused. Please sign in again.',
      )
    },

    /** Ends the session the token belongs to; unknown tokens are ignored (logout is idempotent). */
    async logout(refreshToken: string): Promise<void> {
      const found = await repo.findRefreshToken(db, hash(refreshToken))
      if (!found) return
      await repo.revokeFamily(db, found.familyId, clock())
      revocations.ended(found.familyId)
    },
  }
}

export type SessionsService = ReturnType<typeof sessionsService>
