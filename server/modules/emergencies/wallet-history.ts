// The receiving wallets an emergency has had, each with the time it stopped being the one (finding 7 of issue 11):
// a donor who paid the wallet the page showed must stay recordable after the owner changes the wallet or deletes
// the emergency, and a transfer to a wallet at a time it was not the emergency's proves no donation to it.
import { and, asc, eq, isNull } from 'drizzle-orm'
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'

// Mirrors server/db/migrations/1101_emergency_wallets.sql.
export const emergencyWallets = pgTable('emergency_wallets', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  emergencyId: bigint('emergency_id', { mode: 'number' }).notNull(),
  wallet: text('wallet').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
})
export type WalletPeriod = Pick<typeof emergencyWallets.$inferSelect, 'wallet' | 'validFrom' | 'validUntil'>

/**
 * Block times are the validators' estimate, and a change is stamped with the ledger's time as the server last
 * measured it (server/chain/ledger-clock.ts): a transaction confirmed this close to a change may be credited to
 * either wallet (both were the owner's choice within a minute).
 */
export const CLOCK_SKEW_MS = 60_000

export async function walletHistory(db: Db, emergencyId: number): Promise<WalletPeriod[]> {
  return db
    .select({
      wallet: emergencyWallets.wallet,
      validFrom: emergencyWallets.validFrom,
      validUntil: emergencyWallets.validUntil,
    })
    .from(emergencyWallets)
    .where(eq(emergencyWallets.emergencyId, emergencyId))
    .orderBy(asc(emergencyWallets.id))
}

/** In the creating transaction: the first wallet, valid since the emergency exists. */
export async function firstWallet(tx: Db, emergencyId: number, wallet: string): Promise<void> {
  await tx.insert(emergencyWallets).values({ emergencyId, wallet, validFrom: null })
}

/** Under the emergency's row lock: the current wallet stops being it at `at`. */
export async function closeWallet(tx: Db, emergencyId: number, at: Date): Promise<void> {
  await tx
    .update(emergencyWallets)
    .set({ validUntil: at })
    .where(and(eq(emergencyWallets.emergencyId, emergencyId), isNull(emergencyWallets.validUntil)))
}

/** Under the emergency's row lock: `wallet` replaces the current wallet at `at`. */
export async function changeWallet(tx: Db, emergencyId: number, wallet: string, at: Date): Promise<void> {
  await closeWallet(tx, emergencyId, at)
  await tx.insert(emergencyWallets).values({ emergencyId, wallet, validFrom: at })
}

/**
 * The wallet a transaction confirmed at `confirmedAt` (null: the node does not know; the current wallet decides)
 * could have paid the emergency: among the wallets valid then (± CLOCK_SKEW_MS), the one the transaction paid,
 * else the one valid at that exact time; undefined when the emergency had none (after it was deleted).
 */
export function walletAt(
  history: WalletPeriod[],
  confirmedAt: Date | null,
  paidTo: ReadonlySet<string>,
): string | undefined {
  if (confirmedAt === null) return history.find((p) => p.validUntil === null)?.wallet
  const t = confirmedAt.getTime()
  const within = (p: WalletPeriod, skew: number) =>
    (p.validFrom === null || t >= p.validFrom.getTime() - skew) &&
    (p.validUntil === null || t <= p.validUntil.getTime() + skew)
  const candidates = history.filter((p) => within(p, CLOCK_SKEW_MS))
  return (candidates.find((p) => paidTo.has(p.wallet)) ?? candidates.find((p) => within(p, 0)))?.wallet
}
