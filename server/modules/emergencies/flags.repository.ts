import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { OffsetSlice } from '../../db/offset-page'
import { emergencies } from './emergencies.table'
import { emergencyFlags, type FlagRow } from './flags.table'

export interface NewFlag {
  emergencyId: number
  reporter: string
  userId: number | null
  reason: string
  at: Date
}

const open = isNull(emergencyFlags.clearedAt)

/**
 * Records the flag and counts it on its emergency in one statement: the emergency awaits review, and is publicly
 * under review once triaged or flagged by `reportersForReview` reporters. Nothing is written when this address or
 * account already has an open flag on it.
 * @returns the emergency's open flags now, or undefined when the flag was a repeat
 */
export async function addFlag(
  db: Db,
  flag: NewFlag,
  reportersForReview: number,
): Promise<number | undefined> {
  const added = db.$with('added').as(
    db
      .insert(emergencyFlags)
      .values({
        emergencyId: flag.emergencyId,
        reporter: flag.reporter,
        userId: flag.userId,
        reason: flag.reason,
        createdAt: flag.at,
      })
      .onConflictDoNothing()
      .returning({ id: emergencyFlags.id }),
  )
  const [counted] = await db
    .with(added)
    .update(emergencies)
    .set({
      flagCount: sql`${emergencies.flagCount} + 1`,
      isFlagged: sql`${emergencies.triagedAt} is not null or ${emergencies.flagCount} + 1 >= ${reportersForReview}`,
      reviewStatus: 'pending',
      flaggedReason: flag.reason,
      flaggedBy: flag.reporter,
      flaggedAt: flag.at,
    })
    .where(and(eq(emergencies.id, flag.emergencyId), sql`exists (select 1 from ${added})`))
    .returning({ flagCount: emergencies.flagCount })
  return counted?.flagCount
}

/** Closes the emergency's open flags (a rejected review): kept for the record, no longer counted. */
export async function clearFlags(db: Db, emergencyId: number, at: Date): Promise<void> {
  await db
    .update(emergencyFlags)
    .set({ clearedAt: at })
    .where(and(eq(emergencyFlags.emergencyId, emergencyId), open))
}

/** The open flags of each emergency, newest first, at most `each` per emergency (one statement for a page). */
export async function latestFlagsOf(db: Db, emergencyIds: number[], each: number): Promise<FlagRow[]> {
  if (emergencyIds.length === 0) return []
  const ranked = db
    .select({
      id: emergencyFlags.id,
      rank: sql<number>`row_number() over (partition by ${emergencyFlags.emergencyId} order by ${emergencyFlags.id} desc)`.as(
        'rank',
      ),
    })
    .from(emergencyFlags)
    .where(and(inArray(emergencyFlags.emergencyId, emergencyIds), open))
    .as('ranked')
  return db
    .select()
    .from(emergencyFlags)
    .innerJoin(ranked, eq(ranked.id, emergencyFlags.id))
    .where(sql`${ranked.rank} <= ${each}`)
    .orderBy(desc(emergencyFlags.id))
    .then((rows) => rows.map((row) => row.emergency_flags))
}

/** A page of the emergency's open flags, newest first (their number is the emergency's flag_count). */
export async function openFlags(db: Db, emergencyId: number, at: OffsetSlice): Promise<FlagRow[]> {
  return db
    .select()
    .from(emergencyFlags)
    .where(and(eq(emergencyFlags.emergencyId, emergencyId), open))
    .orderBy(desc(emergencyFlags.id))
    .limit(at.limit)
    .offset(at.offset)
}
