// PGlite is one connection: another request's query must wait for an open transaction, not run inside it.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/modules/users/users.table'
import { type TestApp, createTestApp } from '../helpers/app'
import { testWallet } from '../helpers/wallet'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const walletCount = (address: string) =>
  t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.walletAddress, address))
    .then((rows) => rows[0]?.n)

describe('database transactions', () => {
  it("keeps a request's write when another request's transaction rolls back meanwhile", async () => {
    const [insideTx, outside] = [testWallet().address, testWallet().address]
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const inTransaction = new Promise<void>((resolve) => (entered = resolve))

    const rolledBack = t.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ walletAddress: insideTx, email: 'tx@example.com' })
        entered()
        await held
        throw new Error('roll back')
      })
      .catch((error: Error) => error.message)

    await inTransaction
    // Another request writes while the transaction is open, then the transaction rolls back.
    const otherWrite = t.db.insert(users).values({ walletAddress: outside, email: 'other@example.com' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    expect(await rolledBack).toBe('roll back')
    await otherWrite

    expect(await walletCount(outside)).toBe(1)
    expect(await walletCount(insideTx)).toBe(0)
  })

  it('commits a transaction that succeeds, with all its writes', async () => {
    const [a, b] = [testWallet().address, testWallet().address]
    await t.db.transaction(async (tx) => {
      await tx.insert(users).values({ walletAddress: a, email: 'a@example.com' })
      await tx.insert(users).values({ walletAddress: b, email: 'b@example.com' })
    })
    expect([await walletCount(a), await walletCount(b)]).toEqual([1, 1])
  })
})
