import { lte, sql } from 'drizzle-orm'
import type { RelayedAnswer } from '../../../api-contract/wallet-relay'
import { rowsOf, type Db } from '../../db/client'
import { walletRelay } from './wallet-relay.table'

/** Stores the answer unless the id was ever used (until it expires); true when stored. */
export async function putAnswer(
  db: Db,
  requestId: string,
  answer: RelayedAnswer,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(walletRelay)
    .values({ requestId, answer, createdAt: now, expiresAt })
    .onConflictDoNothing({ target: walletRelay.requestId })
    .returning({ requestId: walletRelay.requestId })
  return rows.length === 1
}

/**
 * Returns the answer and erases it in one statement: exactly one reader gets it. (RETURNING shows the row after
 * the update, so the answer comes from the row locked and read before it.)
 */
export async function takeAnswer(db: Db, requestId: string, now: Date): Promise<RelayedAnswer | undefined> {
  const at = now.toISOString()
  const result = await db.execute(sql`
    update wallet_relay set answer = null, read_at = ${at}
    from (
      select request_id, answer from wallet_relay
      where request_id = ${requestId} and read_at is null and expires_at > ${at}
      for update
    ) as waiting
    where wallet_relay.request_id = waiting.request_id
    returning waiting.answer`)
  const row = rowsOf(result)[0] as { answer: RelayedAnswer | string | null } | undefined
  if (!row?.answer) return undefined
  return typeof row.answer === 'string' ? (JSON.parse(row.answer) as RelayedAnswer) : row.answer
}

export async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.delete(walletRelay).where(lte(walletRelay.expiresAt, now))
}
