// A donation with what the chain said of it when it was verified (its payment's slot, block time and cluster, and
// the wallet it paid): what a receipt and the CSV exports show. Read by signature, or in batches by id for a
// stream that never holds more than one batch.
import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { emergencies } from '../emergencies/emergencies.table'
import { payments } from '../payments/payments.table'
import { donations } from './donations.table'

const recordColumns = {
  id: donations.id,
  txHash: donations.txHash,
  emergencyId: donations.emergencyId,
  emergencyTitle: emergencies.title,
  receivingWallet: payments.recipientWallet,
  donorWallet: donations.donorWallet,
  currency: donations.currency,
  amount: donations.amount,
  tipAmount: donations.tipAmount,
  comment: donations.comment,
  createdAt: donations.createdAt,
  slot: payments.slot,
  blockTime: payments.blockTime,
  cluster: payments.cluster,
}

const records = (db: Db) =>
  db
    .select(recordColumns)
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.paymentId))
    .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))

export type DonationRecord = Awaited<ReturnType<ReturnType<typeof records>['execute']>>[number]

export async function recordOfSignature(db: Db, txHash: string): Promise<DonationRecord | undefined> {
  const [row] = await records(db).where(eq(donations.txHash, txHash))
  return row
}

/** Whose donations a stream reads: one emergency's, or one donor's (each served by its (…, id) index). */
export type RecordsOf = { emergencyId: number } | { donorId: number }

/** Up to `limit` donations of `of` with ids above `afterId`, oldest first. */
export function recordsAfter(
  db: Db,
  of: RecordsOf,
  afterId: number,
  limit: number,
): Promise<DonationRecord[]> {
  const owner =
    'emergencyId' in of ? eq(donations.emergencyId, of.emergencyId) : eq(donations.donorId, of.donorId)
  return records(db)
    .where(and(owner, gt(donations.id, afterId)))
    .orderBy(asc(donations.id))
    .limit(limit)
}
