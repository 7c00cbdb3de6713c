import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payments, type NewPayment, type PaymentRow } from './payments.table'

/**
 * Inserts the payment unless its tx_hash is already there. Atomic under concurrency: of two transactions
 * inserting one tx_hash, PostgreSQL makes the second wait for the first and then skip (ON CONFLICT DO NOTHING).
 * @returns the new row, or undefined when the signature was already used
 */
export async function insertPaymentIfNew(db: Db, payment: NewPayment): Promise<PaymentRow | undefined> {
  const rows = await db
    .insert(payments)
    .values(payment)
    .onConflictDoNothing({ target: payments.txHash })
    .returning()
  return rows[0]
}

export async function findPaymentByTxHash(db: Db, txHash: string): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.txHash, txHash)).limit(1)
  return rows[0]
}
