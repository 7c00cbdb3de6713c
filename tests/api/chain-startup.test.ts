// Start-up against the ledger: the server only verifies payments on the cluster it was configured for, and never
// on another ledger than the one its recorded payments came from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLedger, type RunningLedger } from '../../ledger-sim'
import { buildApp } from '../../server/app'
import { LedgerUnavailable, ClusterMismatchError, createRpcClient } from '../../server/chain'
import { connectChain } from '../../server/connect-chain'
import type { Database } from '../../server/db/client'
import { GenesisMismatchError } from '../../server/modules/payments/genesis-pin'
import { insertPaymentIfNew } from '../../server/modules/payments/payments.repository'
import { testConfig } from '../helpers/config'
import { createTestDatabase } from '../helpers/database'

let first: RunningLedger
let second: RunningLedger
let database: Database
beforeAll(async () => {
  ;[first, second, database] = await Promise.all([
    startLedger({ port: 0 }),
    startLedger({ port: 0 }),
    createTestDatabase(),
  ])
})
afterAll(async () => {
  await Promise.all([first.close(), second.close(), database.close()])
})

describe('connecting to the ledger at start-up', () => {
  it('refuses to start when the RPC serves another cluster than the configured one', async () => {
    const config = testConfig({ cluster: 'devnet', rpcUrl: first.rpcUrl })
    await expect(connectChain(config, database.db)).rejects.toBeInstanceOf(ClusterMismatchError)
  })

  it('reports an unreachable RPC as unavailable, not as a mismatch', async () => {
    const config = testConfig({ cluster: 'devnet', rpcUrl: 'http://127.0.0.1:9' })
    await expect(connectChain(config, database.db)).rejects.toBeInstanceOf(LedgerUnavailable)
  })

  it('lets an empty database move to a new local ledger, then refuses another once payments exist', async () => {
    const config = testConfig({ cluster: 'local' })
    await connectChain(config, database.db, first)
    await connectChain(config, database.db, second)
    await insertPaymentIfNew(database.db, {
      txHash: 'a-signature-verified-on-the-second-ledger',
      kind: 'donation',
      payerWallet: 'payer',
      recipientWallet: 'recipient',
      lamports: 1_000_000n,
      tipLamports: 0n,
      cluster: 'local',
      slot: 1,
    })
    await expect(connectChain(config, database.db, first)).rejects.toBeInstanceOf(GenesisMismatchError)
    const same = await connectChain(config, database.db, second)
    expect(same.genesisHash).toBe(second.genesisHash)
  })
})

describe('GET /api/health/ with a ledger', () => {
  it('answers ok while the ledger answers and 503 when it does not', async () => {
    const healthy = { rpc: createRpcClient(first.rpcUrl), genesisHash: first.genesisHash }
    const gone = { rpc: createRpcClient('http://127.0.0.1:9', { timeoutMs: 500 }), genesisHash: 'x' }
    for (const [chain, status] of [
      [healthy, 200],
      [gone, 503],
    ] as const) {
      const app = await buildApp(testConfig(), { db: database.db, chain, distDir: '/nonexistent' })
      const response = await app.inject({ method: 'GET', url: '/api/health/' })
      await app.close()
      expect(response.statusCode).toBe(status)
      if (status === 503) expect(response.json().code).toBe('ledger_unavailable')
    }
  })
})
