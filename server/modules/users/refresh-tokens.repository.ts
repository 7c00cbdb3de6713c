import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from './users.table'
import { refreshFamilies, refreshTokens } from './sign-in.table'

export async function insertFamily(db: Db, id: string, userId: number, now: Date): Promise<void> {
  await db.insert(refreshFamilies).values({ id, userId, createdAt: now })
}

export async function insertRefreshToken(
  db: Db,
  tokenHash: string,
  familyId: string,
  now: Date,
  expiresAt: Date,
) {
  await db.insert(refreshTokens).values({ tokenHash, familyId, createdAt: now, expiresAt })
}

/** The token with its family's state and owner, or undefined. */
export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .select({
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      successorSealed: refreshTokens.successorSealed,
      familyRevokedAt: refreshFamilies.revokedAt,
      userId: users.id,
      walletAddress: users.walletAddress,
      role: users.role,
    })
    .from(refreshTokens)
    .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, refreshFamilies.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .then((rows) => rows[0])
}

/**
 * Marks the token rotated (keeping its successor, sealed with the token itself) if nobody did before; true for
 * exactly one caller.
 */
export async function markRotated(
  db: Db,
  tokenHash: string,
  now: Date,
  successorSealed: string,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, successorSealed })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash })
  return rows.length === 1
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshFamilies)
    .set({ revokedAt: now })
    .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)))
}

/** The family's revocation time (null while live), or undefined when there is no such family. */
export async function familyRevokedAt(db: Db, familyId: string) {
  const rows = await db
    .select({ revokedAt: refreshFamilies.revokedAt })
    .from(refreshFamilies)
    .where(eq(refreshFamilies.id, familyId))
    .limit(1)
  return rows[0]
}
