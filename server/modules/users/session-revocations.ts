// Whether an access token's session (its refresh-token family) was ended: by logout, by refresh-token reuse, or
// because the user is gone. Access tokens live 15 minutes; without this check a logged-out token kept working
// that long. Each session is looked up at most once per REVOCATION_CHECK_MS per instance (one primary-key read),
// so a logout on another instance takes effect within seconds, and on this one at once (`ended`).
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { familyRevokedAt } from './refresh-tokens.repository'

export const REVOCATION_CHECK_MS = 5_000
/** Bounds the memory of both caches; past it they start over (the database still answers). */
const MAX_CACHED = 50_000

export interface SessionRevocations {
  /** true when the session was ended (or never existed) */
  isRevoked(sessionId: string): Promise<boolean>
  /** This instance just ended the session: its access tokens stop working at once. */
  ended(sessionId: string): void
}

export function sessionRevocations(db: Db, clock: Clock): SessionRevocations {
  const liveCheckedAt = new Map<string, number>()
  const revoked = new Set<string>()
  const inFlight = new Map<string, Promise<boolean>>()

  const remember = <K>(cache: { size: number; clear(): void }, add: () => K) => {
    if (cache.size >= MAX_CACHED) cache.clear()
    return add()
  }
  const ended = (sessionId: string) => {
    liveCheckedAt.delete(sessionId)
    remember(revoked, () => revoked.add(sessionId))
  }

  const lookUp = async (sessionId: string): Promise<boolean> => {
    const family = await familyRevokedAt(db, sessionId)
    if (!family || family.revokedAt) {
      ended(sessionId)
      return true
    }
    remember(liveCheckedAt, () => liveCheckedAt.set(sessionId, clock().getTime()))
    return false
  }

  return {
    async isRevoked(sessionId) {
      if (revoked.has(sessionId)) return true
      const checkedAt = liveCheckedAt.get(sessionId)
      if (checkedAt !== undefined && clock().getTime() - checkedAt < REVOCATION_CHECK_MS) return false
      // Concurrent requests of one session share one lookup.
      let pending = inFlight.get(sessionId)
      if (!pending) {
        pending = lookUp(sessionId).finally(() => inFlight.delete(sessionId))
        inFlight.set(sessionId, pending)
      }
      return pending
    },
    ended,
  }
}
