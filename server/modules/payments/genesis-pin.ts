// Keeps the database and the ledger it refers to together (see migration 0101_chain_identity.sql).
import { count, eq } from 'drizzle-orm'
import { pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { payments } from './payments.table'

const chainIdentity = pgTable('chain_identity', {
  id: smallint('id').primaryKey(),
  genesisHash: text('genesis_hash').notNull(),
  pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
})

export class GenesisMismatchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GenesisMismatchError'
  }
}

/**
 * Records the ledger's genesis hash on first start and refuses a different one while payments exist: every
 * recorded signature must stay verifiable on the chain the server talks to. With no payments yet the pin
 * simply moves (a developer who wiped an empty local ledger loses nothing).
 */
export async function pinGenesis(db: Db, genesisHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [pinned] = await tx.select().from(chainIdentity).where(eq(chainIdentity.id, 1)).for('update')
    if (pinned?.genesisHash === genesisHash) return
    if (pinned) {
      const [recorded] = await tx.select({ n: count() }).from(payments)
      if (recorded && recorded.n > 0) {
        throw new GenesisMismatchError(
          `The ledger's genesis hash is ${genesisHash}, but this database holds ${recorded.n} payment(s) verified ` +
            `on ledger ${pinned.genesisHash}. Point SOLANA_RPC_URL at that ledger (or restore DATA_DIR/ledger), ` +
            'or use a fresh database.',
        )
      }
    }
    await tx
      .insert(chainIdentity)
      .values({ id: 1, genesisHash })
      .onConflictDoUpdate({ target: chainIdentity.id, set: { genesisHash, pinnedAt: new Date() } })
  })
}
