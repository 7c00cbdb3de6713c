import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  type ActionReferenceRow,
  actionReferences,
  actionWatchCursor,
  type NewActionReference,
} from './action-references.table'

export async function insertReference(
  db: Db,
  rows: NewActionReference | NewActionReference[],
): Promise<void> {
  await db.insert(actionReferences).values(Array.isArray(rows) ? rows : [rows])
}

/** Open references among `keys` (the account keys of one transaction). */
export function openReferencesAmong(db: Db, keys: string[]): Promise<ActionReferenceRow[]> {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(actionReferences)
    .where(and(eq(actionReferences.status, 'open'), inArray(actionReferences.reference, keys)))
}

/** Open references whose own look-up is due, the most overdue first. */
export function dueReferences(db: Db, now: Date, limit: number): Promise<ActionReferenceRow[]> {
  return db
    .select()
    .from(actionReferences)
    .where(and(eq(actionReferences.status, 'open'), lte(actionReferences.nextCheckAt, now)))
    .orderBy(asc(actionReferences.nextCheckAt))
    .limit(limit)
}

export async function countOpenReferences(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(actionReferences)
    .where(eq(actionReferences.status, 'open'))
  return row?.n ?? 0
}

/**
 * After a look-up that found nothing to credit: references past their expiry close, the others wait
 * `firstDelayMs × 4^(checks + 1)` (capped at their expiry, so the last look-up happens when they expire).
 */
export async function rescheduleReferences(
  db: Db,
  references: string[],
  now: Date,
  firstDelayMs: number,
): Promise<void> {
  if (references.length === 0) return
  const at = now.toISOString()
  await db
    .update(actionReferences)
    .set({
      status: sql`case when ${actionReferences.expiresAt} <= ${at}::timestamptz then 'expired' else 'open' end`,
      nextCheckAt: sql`least(${actionReferences.expiresAt},
        ${at}::timestamptz + ${firstDelayMs} * power(4, least(${actionReferences.checks} + 1, 8)) * interval '1 millisecond')`,
      checks: sql`${actionReferences.checks} + 1`,
    })
    .where(and(eq(actionReferences.status, 'open'), inArray(actionReferences.reference, references)))
}

/** Closes the reference with the signature that paid it; false when it was no longer open (or that signature
 * already closed another reference). */
export async function markCredited(db: Db, reference: string, txHash: string): Promise<boolean> {
  const rows = await db
    .update(actionReferences)
    .set({ status: 'credited', txHash })
    .where(
      and(
        eq(actionReferences.reference, reference),
        eq(actionReferences.status, 'open'),
        sql`not exists (select 1 from action_references r where r.tx_hash = ${txHash})`,
      ),
    )
    .returning({ reference: actionReferences.reference })
  return rows.length > 0
}

/** The references a checkout opened, newest first. */
export function referencesOfCheckout(db: Db, checkout: string, limit: number): Promise<ActionReferenceRow[]> {
  return db
    .select()
    .from(actionReferences)
    .where(eq(actionReferences.checkout, checkout))
    .orderBy(desc(actionReferences.createdAt))
    .limit(limit)
}

export async function readCursor(db: Db, watchKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ last: actionWatchCursor.lastSignature })
    .from(actionWatchCursor)
    .where(eq(actionWatchCursor.watchKey, watchKey))
  return row?.last
}

export async function writeCursor(db: Db, watchKey: string, lastSignature: string): Promise<void> {
  await db
    .insert(actionWatchCursor)
    .values({ watchKey, lastSignature })
    .onConflictDoUpdate({
      target: actionWatchCursor.watchKey,
      set: { lastSignature, updatedAt: sql`now()` },
    })
}
