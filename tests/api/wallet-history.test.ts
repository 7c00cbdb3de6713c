// Finding 7 of the hardening review (issue 11): a donation that reached the wallet the page showed became
// unrecordable once the owner changed the wallet or deleted the emergency before the donor's request. It is now
// verified against the wallet the emergency had when the transaction was confirmed.
import { Keypair } from '@solana/web3.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { buildApp } from '../../server/app'
import { createRpcClient } from '../../server/chain'
import { rowsOf } from '../../server/db/client'
import { testClock, testConfig } from '../helpers/config'
import { createTestDatabase } from '../helpers/database'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let donor: PayingUser
let owner: PayingUser
beforeAll(async () => {
  ;({
    t,
    users: [donor, owner],
  } = await ledgerAppWithAdmin([5, 1]))
})
afterAll(() => t.close())

const donate = (e: Emergency, txHash: string, amount = '0.02') =>
  t.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/',
    headers: donor.bearer,
    payload: { emergency_id: e.id, amount, tx_hash: txHash },
  })
const moveWallet = (e: Emergency, wallet: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/emergency/update/${e.id}/`,
    headers: owner.bearer,
    payload: { receiving_wallet: wallet },
  })
const recipientOf = async (txHash: string) =>
  (
    rowsOf(await t.db.execute(sql`select recipient_wallet from payments where tx_hash = ${txHash}`))[0] as {
      recipient_wallet: string
    }
  ).recipient_wallet
const newWallet = () => Keypair.generate().publicKey.toBase58()

describe('a donation to the wallet the page showed', () => {
  it('is recorded after the owner changed the wallet, credited to the wallet it paid', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const first = e.receiving_wallet
    const sig = await pay(t, donor.keypair, [{ to: first, lamports: 20_000_000n }])
    const moved = await moveWallet(e, newWallet())
    expect(moved.statusCode, moved.body).toBe(200)

    const response = await donate(e, sig)
    expect(response.statusCode, response.body).toBe(201)
    expect(await recipientOf(sig)).toBe(first)
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${e.id}/` })
    expect(detail.json()).toMatchObject({ total_donated: '0.02', donation_count: 1 })
    // Now that a donation is recorded, the wallet is locked.
    expect((await moveWallet(e, newWallet())).statusCode).toBe(409)
  })

  it('to the new wallet after the change is recorded too', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    const second = newWallet()
    expect((await moveWallet(e, second)).statusCode).toBe(200)
    const sig = await pay(t, donor.keypair, [{ to: second, lamports: 20_000_000n }])
    expect((await donate(e, sig)).statusCode).toBe(201)
    expect(await recipientOf(sig)).toBe(second)
  })

  it('is recorded after the owner deleted the emergency, and stays in the donor history', async () => {
    const e = await createEmergency(t.app, owner.bearer, { title: 'Deleted before the donor came back' })
    const sig = await pay(t, donor.keypair, [{ to: e.receiving_wallet, lamports: 20_000_000n }])
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${e.id}/`,
      headers: owner.bearer,
    })
    expect(deleted.statusCode).toBe(200)
    expect((await donate(e, sig)).statusCode).toBe(201)
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/emergency/my-donations/?page_size=100',
      headers: donor.bearer,
    })
    expect(mine.json<Page<Donation>>().results).toContainEqual(
      expect.objectContaining({ tx_hash: sig, emergency_title: 'Deleted before the donor came back' }),
    )
  })

  it('a deleted emergency answers 404 for a transaction that never paid one of its wallets', async () => {
    const e = await createEmergency(t.app, owner.bearer)
    await t.app.inject({ method: 'DELETE', url: `/api/emergency/delete/${e.id}/`, headers: owner.bearer })
    const elsewhere = await pay(t, donor.keypair, [{ to: newWallet(), lamports: 20_000_000n }])
    const response = await donate(e, elsewhere)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'Emergency not found.' })
  })
})

describe("a host clock off the ledger's", () => {
  it('still credits a donation to the new wallet made right after a change, with the host clock 5 minutes fast', async () => {
    t.clock.advance(5 * 60_000)
    try {
      const e = await createEmergency(t.app, owner.bearer)
      const second = newWallet()
      expect((await moveWallet(e, second)).statusCode).toBe(200)
      const sig = await pay(t, donor.keypair, [{ to: second, lamports: 20_000_000n }])
      const response = await donate(e, sig)
      expect(response.statusCode, response.body).toBe(201)
      expect(await recipientOf(sig)).toBe(second)
    } finally {
      t.clock.advance(-5 * 60_000)
    }
  })

  it('is logged at start-up when the difference passes a minute', async () => {
    const lines: string[] = []
    const database = await createTestDatabase()
    const ledger = t.ledger.ledger
    const app = await buildApp(testConfig({ logLevel: 'warn' }), {
      db: database.db,
      distDir: '/nonexistent',
      chain: { rpc: createRpcClient(ledger.rpcUrl), genesisHash: ledger.genesisHash },
      referenceWatcher: false,
      clock: testClock(new Date(Date.now() - 3 * 60_000)),
      logStream: { write: (line: string) => void lines.push(line) },
    })
    try {
      await app.ready()
      const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.offsetSeconds !== undefined)
      expect(warning).toMatchObject({ level: 40 })
      expect(warning.offsetSeconds).toBeGreaterThanOrEqual(178)
      expect(warning.msg).toContain("the host clock is off the ledger's by more than a minute")
    } finally {
      await app.close()
      await database.close()
    }
  })
})
