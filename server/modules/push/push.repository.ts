// Subscriptions (one row per browser) and who follows which emergency.
import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { emergencyFollows, pushSubscriptions } from './push.table'

/**
 * Stores a browser's subscription for `userId`. The endpoint is the browser: subscribed again (new keys, or another
 * account signed in on the same device) it keeps one row, now the latest user's, and counts as their newest.
 */
export async function upsertSubscription(
  db: Db,
  userId: number,
  subscription: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        createdAt: sql`now()`,
      },
    })
}

/** Removes the user's oldest subscriptions beyond the newest `keep` (by when they were last subscribed). */
export async function keepNewestSubscriptions(db: Db, userId: number, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep)
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
}

/** Whether a subscription with this endpoint was removed. */
export async function deleteSubscriptionByEndpoint(db: Db, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .returning({ id: pushSubscriptions.id })
  return removed.length > 0
}

export async function insertFollow(db: Db, emergencyId: number, userId: number): Promise<void> {
  await db.insert(emergencyFollows).values({ emergencyId, userId }).onConflictDoNothing()
}

export async function deleteFollow(db: Db, emergencyId: number, userId: number): Promise<void> {
  await db
    .delete(emergencyFollows)
    .where(and(eq(emergencyFollows.emergencyId, emergencyId), eq(emergencyFollows.userId, userId)))
}

export async function isFollowing(db: Db, emergencyId: number, userId: number): Promise<boolean> {
  const found = await db
    .select({ userId: emergencyFollows.userId })
    .from(emergencyFollows)
    .where(and(eq(emergencyFollows.emergencyId, emergencyId), eq(emergencyFollows.userId, userId)))
  return found.length > 0
}
