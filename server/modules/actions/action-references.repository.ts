import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'
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

/** Held by each new reference's transaction until it ends, so that the counts it read stay true until it inserts. */
const ADMISSION_LOCK = 724_134

export async function lockAdmission(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMISSION_LOCK})`)
}

export interface AdmissionCounts {
  /** unexpired open references in all, of the signing account, of the checkout */
  open: number
  ofAccount: number
  ofCheckout: number
  /** the checkout has a credited reference of the same currency, amount and tip (its panel's donation was paid) */
  checkoutPaid: boolean
}

/** What decides whether one more reference, `next`, may open (one statement). */
export async function admissionCounts(tx: Db, next: NewActionReference, now: Date): Promise<AdmissionCounts> {
  const at = now.toISOString()
  const checkout = next.checkout ?? null
  const open = sql`status = 'open' and expires_at > ${at}::timestamptz`
  const samePayment = sql`currency = ${next.currency ?? 'SOL'} and lamports = ${next.lamports}
    and tip_lamports = ${next.tipLamports ?? 0n}`
  const [row] = rowsOf(
    await tx.execute(sql`select
      (select count(*) from action_references where ${open}) as open,
      (select count(*) from action_references where ${open} and payer_wallet = ${next.payerWallet}) as of_account,
      (select count(*) from action_references where ${open} and checkout = ${checkout}) as of_checkout,
      exists (select 1 from action_references
        where checkout = ${checkout} and status = 'credited' and ${samePayment}) as paid`),
  ) as { open: string | number; of_account: string | number; of_checkout: string | number; paid: boolean }[]
  return {
    open: Number(row!.open),
    ofAccount: Number(row!.of_account),
    ofCheckout: Number(row!.of_checkout),
    checkoutPaid: row!.paid,
  }
}

/** When the first unexpired open reference of the scope (all, an account's, a checkout's) expires. */
export async function firstExpiry(
  tx: Db,
  scope: { account?: string; checkout?: string },
  now: Date,
): Promise<Date | undefined> {
  const [row] = await tx
    .select({ at: sql<string | Date | null>`min(${actionReferences.expiresAt})` })
    .from(actionReferences)
    .where(
      and(
        eq(actionReferences.status, 'open'),
        sql`${actionReferences.expiresAt} > ${now.toISOString()}::timestamptz`,
        scope.account ? eq(actionReferences.payerWallet, scope.account) : undefined,
        scope.checkout ? eq(actionReferences.checkout, scope.checkout) : undefined,
      ),
    )
  return row?.at ? new Date(row.at) : undefined
}

/**
 * References among `keys` (the account keys of one transaction) that a payment may still credit: open ones, and
 * expired ones until they are deleted (a donor who paid late keeps the credit).
 */
export function payableReferencesAmong(db: Db, keys: string[]): Promise<ActionReferenceRow[]> {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(actionReferences)
    .where(
      and(inArray(actionReferences.status, ['open', 'expired']), inArray(actionReferences.reference, keys)),
    )
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

/** How many references are open (the sweep's), and whether any expired one is still kept (the feed's). */
export async function watchedReferences(db: Db): Promise<{ open: number; expired: boolean }> {
  const [row] = rowsOf(
    await db.execute(sql`select
      (select count(*) from action_references where status = 'open') as open,
      exists (select 1 from action_references where status = 'expired') as expired`),
  ) as { open: string | number; expired: boolean }[]
  return { open: Number(row!.open), expired: row!.expired }
}

/** Deletes at most `limit` expired and credited references that expired before `before`; returns how many. */
export async function deleteOldReferences(db: Db, before: Date, limit: number): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      delete from action_references where reference in (
        select reference from action_references
        where status in ('expired', 'credited') and expires_at < ${before.toISOString()}::timestamptz
        limit ${limit})
      returning reference`),
  )
  return rows.length
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

/**
 * Closes the reference with the signature that paid it and what that payment moved (a wallet may change the amount
 * or drop the tip: a QR panel's status compares what really reached the emergency); false when it was credited
 * already (or that signature already closed another reference). An expired reference may still be credited.
 */
export async function markCredited(
  db: Db,
  reference: string,
  txHash: string,
  paid: Pick<ActionReferenceRow, 'lamports' | 'tipLamports'> | undefined,
): Promise<boolean> {
  const moved = paid && { lamports: paid.lamports, tipLamports: paid.tipLamports }
  const rows = await db
    .update(actionReferences)
    .set({ status: 'credited', txHash, ...moved })
    .where(
      and(
        eq(actionReferences.reference, reference),
        inArray(actionReferences.status, ['open', 'expired']),
        sql`not exists (select 1 from action_references r where r.tx_hash = ${txHash})`,
      ),
    )
    .returning({ reference: actionReferences.reference })
  return rows.length > 0
}

/** A payment's currency, amount and tip, as a QR panel shows them. */
export type PanelPayment = Pick<ActionReferenceRow, 'currency' | 'lamports' | 'tipLamports'>

/**
 * The references a checkout opened, only those of `payment` when given: credited ones first (many unpaid ones cannot
 * hide a payment), then newest.
 */
export function referencesOfCheckout(
  db: Db,
  checkout: string,
  payment: PanelPayment | undefined,
  limit: number,
): Promise<ActionReferenceRow[]> {
  return db
    .select()
    .from(actionReferences)
    .where(
      and(
        eq(actionReferences.checkout, checkout),
        payment && eq(actionReferences.currency, payment.currency),
        payment && eq(actionReferences.lamports, payment.lamports),
        payment && eq(actionReferences.tipLamports, payment.tipLamports),
      ),
    )
    .orderBy(sql`${actionReferences.status} = 'credited' desc`, desc(actionReferences.createdAt))
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
